extension String {
    /// The 1-based `LINE:COLUMN` of the first character of `marker` in the
    /// text, as a located diagnostic spells it.
    func location(of marker: String) -> String {
        Self.location(after: components(separatedBy: marker)[0])
    }

    /// The 1-based `LINE:COLUMN` of the character just after `marker`.
    func location(following marker: String) -> String {
        Self.location(after: components(separatedBy: marker)[0] + marker)
    }

    private static func location(after prefix: String) -> String {
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return "\(lines.count):\(lines.last!.unicodeScalars.count + 1)"
    }
}
