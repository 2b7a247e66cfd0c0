import Foundation
import TestSupport

/// What `ffprobe` — FFmpeg's reader, independent of the writer under test —
/// says about a video file: its streams, and their packets' times.
struct VideoProbe {
    /// One stream's entries, as ffprobe names them (`codec_name`,
    /// `pix_fmt`, `r_frame_rate`, `start_time`, `duration`, `nb_read_frames`…).
    let streams: [[String: Any]]
    /// The container's duration in seconds.
    let duration: Double?

    init(_ path: String) throws {
        let data = try Subprocess.run("ffprobe", [
            "-v", "error", "-count_frames", "-show_entries",
            "stream=codec_type,codec_name,pix_fmt,r_frame_rate,start_time,duration,nb_read_frames,sample_rate,width,height"
                + ":format=duration",
            "-of", "json", path,
        ]).requireSuccess().outputData
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        streams = json["streams"] as? [[String: Any]] ?? []
        duration = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
    }

    /// The first stream of `type` (`video`, `audio`).
    func stream(_ type: String) -> [String: Any]? {
        streams.first { $0["codec_type"] as? String == type }
    }

    /// The stream's entry `key` as text.
    static func text(_ stream: [String: Any]?, _ key: String) -> String? {
        stream?[key] as? String
    }

    /// The stream's entry `key` as a number.
    static func number(_ stream: [String: Any]?, _ key: String) -> Double? {
        text(stream, key).flatMap(Double.init)
    }

    /// The presentation times and durations, in seconds, of the packets of
    /// the first stream of `type` (`v` or `a`), in file order.
    static func packets(_ path: String, stream type: String) throws -> [(time: Double, duration: Double)] {
        let text = try Subprocess.run("ffprobe", [
            "-v", "error", "-select_streams", "\(type):0", "-show_entries", "packet=pts_time,duration_time",
            "-of", "csv=p=0", path,
        ]).requireSuccess().standardOutput
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",").map { Double($0) }
            guard fields.count >= 2, let time = fields[0], let duration = fields[1] else { return nil }
            return (time, duration)
        }
    }
}
