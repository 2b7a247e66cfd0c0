import Foundation
import CLinux
import Glibc
import SwellAudio
import SwellSndFile

extension DocumentSound {
    /// The sound as a source for the layer that plays it: its file, or its
    /// embedded bytes through an anonymous in-memory file (memfd_create(2))
    /// that libsndfile reads as any file, at `/proc/self/fd/N` — nothing is
    /// written to disk, and the memory lives as long as the process.
    func openSource() throws -> any AudioSource {
        switch location {
        case .file(let url):
            return try SoundFileSource(path: url.path)
        case .embedded(let data):
            let descriptor = swell_memory_file("swell-sound-\(id)")
            guard descriptor >= 0 else {
                throw AutomationError("sound \"\(id)\" cannot be held in memory: \(String(cString: strerror(errno)))")
            }
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == data.count else {
                close(descriptor)
                throw AutomationError("sound \"\(id)\" cannot be held in memory")
            }
            do {
                return try SoundFileSource(path: "/proc/self/fd/\(descriptor)")
            } catch {
                close(descriptor)
                throw AutomationError("sound \"\(id)\": \(error)")
            }
        }
    }
}

extension LayerDocument {
    /// Where a session keeps the opened source of one of its sounds, beside
    /// the script's files.
    func key(of sound: DocumentSound) -> String {
        "\(file.path)#\(sound.id)"
    }
}
