import Foundation
import SwellMedia

// Shows every frame of a video in order, as a video layer playing it
// would: frame k at time k/fps, each converted to the image a layer draws.
// Prints the frames shown and the wall time; video-decode.sh times the
// process's CPU against `ffmpeg -i FILE -f null -`.
//
// Usage: VideoDecode FILE
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: VideoDecode FILE\n".utf8))
    exit(2)
}
do {
    let video = try VideoFile(path: CommandLine.arguments[1])
    let count = Int((video.duration * video.nominalFrameRate).rounded())
    let start = Date()
    var shown = 0
    for k in 0..<count where video.image(atTime: Double(k) / video.nominalFrameRate) != nil {
        shown += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print("VideoDecode: \(shown) of \(count) frames, \(Int(video.naturalSize.width))×\(Int(video.naturalSize.height)), "
          + String(format: "%.3f s", seconds))
} catch {
    FileHandle.standardError.write(Data("VideoDecode: \(error)\n".utf8))
    exit(1)
}
