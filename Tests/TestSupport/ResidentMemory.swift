import Foundation

/// A process's resident set (`VmRSS` in `/proc/PID/status`, proc(5)), in
/// bytes: what the memory-growth tests watch. `"self"` is the calling
/// process; 0 when the process has gone.
public func residentBytes(of process: String = "self") -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}
