import Foundation

/// One section of a sample's output: free lines, and sample lines of the
/// form `t=0.250 rocket.position.x=171.500000 …`.
struct SampleSection {
    let title: String
    let lines: [String]

    /// A sample line: its time and its labelled numbers.
    struct Record {
        let t: Double
        let values: [String: Double]
    }

    /// The sample lines, in order. A line starting with `t=` whose other
    /// words are not all `label=number` is an event line, not a record.
    var records: [Record] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard let first = words.first, first.hasPrefix("t="), let t = Double(first.dropFirst(2)),
                  words.count > 1 else { return nil }
            var values: [String: Double] = [:]
            for word in words.dropFirst() {
                guard let equals = word.lastIndex(of: "="), let value = Double(word[word.index(after: equals)...]) else {
                    return nil
                }
                values[String(word[..<equals])] = value
            }
            return Record(t: t, values: values)
        }
    }

    /// The times and values of `label`, one per record; a record without
    /// it is a failure.
    func series(_ label: String) throws -> [(t: Double, value: Double)] {
        let records = self.records
        guard !records.isEmpty else { throw SampleFailure("section '\(title)' has no sample lines") }
        return try records.map { record in
            guard let value = record.values[label] else {
                throw SampleFailure("section '\(title)': no \(label) at t=\(record.t)")
            }
            return (record.t, value)
        }
    }

    /// The times of the sample lines.
    var times: [Double] { records.map(\.t) }
}
