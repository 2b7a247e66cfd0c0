import Foundation
import SwellCore
import SwellMedia

// Plays a video through as a video layer asks for it: frame k at time
// k/fps, for every k — decoding only, as `ffmpeg -f null` does, or with
// `--convert` also converting each frame to the pixels a renderer draws
// (premultiplied ARGB32, into one buffer), as `ffmpeg -pix_fmt bgra -f
// null` does. Prints the frames shown and the wall time; video-decode.sh
// times the process's CPU against those two.
//
// Usage: VideoDecode FILE [--convert]
let arguments = CommandLine.arguments.dropFirst()
guard (1...2).contains(arguments.count), arguments.count == 1 || arguments.last == "--convert" else {
    FileHandle.standardError.write(Data("usage: VideoDecode FILE [--convert]\n".utf8))
    exit(2)
}
do {
    let video = try VideoFile(path: arguments.first!)
    let (width, height) = (Int(video.naturalSize.width), Int(video.naturalSize.height))
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: 4 * width * height, alignment: 64)
    defer { pixels.deallocate() }
    let converting = arguments.count == 2
    let count = Int((video.duration * video.nominalFrameRate).rounded())
    let start = Date()
    var shown = 0
    for k in 0..<count {
        guard let frame = video.frame(atTime: Double(k) / video.nominalFrameRate) else { continue }
        if converting, !frame.write(into: pixels, bytesPerRow: 4 * width) { continue }
        shown += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print("VideoDecode: \(shown) of \(count) frames\(converting ? " converted" : ""), \(width)×\(height), "
          + String(format: "%.3f s", seconds))
} catch {
    FileHandle.standardError.write(Data("VideoDecode: \(error)\n".utf8))
    exit(1)
}
