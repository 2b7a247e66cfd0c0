/// "Did you mean …?" for misspelt keys and names.
///
/// Candidates are ranked by optimal-string-alignment distance (Levenshtein
/// plus adjacent transpositions, so `tyep` is one edit from `type`),
/// ignoring case, and suggested only when the distance is at most a third
/// of the word's length (and at least 1), so that a typo gets a suggestion
/// and an unrelated word does not.
package enum KeySuggestion {
    /// The candidate closest to `word`, if one is close enough; ties go to
    /// the earlier candidate.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean "x"?` or the empty string, to end a message with.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        guard let suggestion = closest(to: word, among: candidates) else { return "" }
        return "; did you mean \(suggestion.quotedForMessage)?"
    }

    /// Optimal string alignment distance between two strings, by Unicode
    /// scalar.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rolling rows: two back (for transpositions), previous, current.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
