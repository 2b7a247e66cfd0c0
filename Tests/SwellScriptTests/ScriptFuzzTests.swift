import Foundation
import TestSupport
import Testing
import SwellScript

@Suite("Script fuzzing")
struct ScriptFuzzTests {
    /// Bytes that steer mutations toward JSON structure as well as noise.
    static let interestingBytes = Array("{}[],:\"\\-+.0123456789eE \n\ttfn".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF4, 0xFF]

    static func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
            let position = Int.random(in: 0 ... bytes.count, using: &random)
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0 where position < bytes.count:  // flip one bit
                bytes[position] ^= 1 << UInt8.random(in: 0 ..< 8, using: &random)
            case 1:  // delete a span
                let end = min(bytes.count, position + Int.random(in: 1 ... 16, using: &random))
                bytes.removeSubrange(position ..< end)
            case 2:  // insert a few bytes
                let inserted = (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in
                    Bool.random(using: &random)
                        ? interestingBytes.randomElement(using: &random)!
                        : UInt8.random(in: 0 ... 255, using: &random)
                }
                bytes.insert(contentsOf: inserted, at: position)
            default:  // duplicate a span somewhere else
                guard position < bytes.count else { continue }
                let end = min(bytes.count, position + Int.random(in: 1 ... 32, using: &random))
                let span = bytes[position ..< end]
                bytes.insert(contentsOf: span, at: Int.random(in: 0 ... bytes.count, using: &random))
            }
        }
        return bytes
    }

    /// The ranges of the string, number and literal tokens of a JSON text,
    /// found by a scan that assumes no escapes (true of the example).
    static func valueTokens(_ bytes: [UInt8]) -> [Range<Int>] {
        var tokens: [Range<Int>] = []
        var index = 0
        func isTokenByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        while index < bytes.count {
            let start = index
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                index += 1
                tokens.append(start ..< min(index, bytes.count))
            } else if isTokenByte(bytes[index]) {
                while index < bytes.count, isTokenByte(bytes[index]) { index += 1 }
                tokens.append(start ..< index)
            } else {
                index += 1
            }
        }
        return tokens
    }

    /// Values that are valid JSON but often invalid in a script.
    static let replacementTokens = [
        "-1", "0", "1", "0.5", "1.5", "1e39", "2", "\"\"", "\"x\"", "\"*\"", "\"infinity\"", "\"volume\"", "\"music\"",
        "\"bus\"", "\"keyframe\"", "\"group\"", "\"spring\"", "\"easeIn\"", "\"pan\"", "\"speed\"", "\"at\"",
        "true", "null", "[]", "{}", "[0, 1]", "[0.42, 0, 0.58, 1]",
    ].map { Array($0.utf8) }

    /// Parses `input` and checks that it either yields a script or fails
    /// with one line that points inside the input. Returns whether it parsed.
    static func parsesOrFailsWithAPosition(_ input: [UInt8], run: Int) -> Bool {
        do {
            _ = try ScriptSpec(parsing: input, file: "fuzz.json", baseDirectory: scriptDirectory, kinds: playerKinds)
            return true
        } catch {
            let lines = lineLengths(input)
            guard let location = error.location else {
                Issue.record("run \(run): error without a position: \(error)")
                return false
            }
            #expect((1 ... lines.count).contains(location.line), "run \(run): \(error)")
            if (1 ... lines.count).contains(location.line) {
                // Columns count scalars, so never more than the line's bytes + 1.
                #expect((1 ... lines[location.line - 1] + 1).contains(location.column), "run \(run): \(error)")
            }
            #expect(!error.message.isEmpty)
            #expect(error.description == "fuzz.json:\(location.line):\(location.column): \(error.message)")
            #expect(!error.description.contains("\n") && !error.description.contains("\r"), "run \(run)")
            return false
        }
    }

    @Test func byteMutationsParseOrFailWithAPosition() {
        var random = SplitMix64(seed: 0x5EED_0000_5CA1_AB1E)
        let original = Array(FixtureScripts.documentedExample.utf8)
        var accepted = 0
        for run in 0 ..< 1_500 where Self.parsesOrFailsWithAPosition(Self.mutate(original, using: &random), run: run) {
            accepted += 1
        }
        // Both outcomes must occur for the test to mean anything.
        #expect(accepted > 0, "no mutation survived; the mutator is too destructive")
        #expect(accepted < 1_500)
    }

    /// Replacing whole values keeps the JSON well formed, so these runs
    /// reach the script validator rather than the JSON parser.
    @Test func valueMutationsParseOrFailWithAPosition() {
        var random = SplitMix64(seed: 0x0DD_BA11_F00D)
        let original = Array(FixtureScripts.documentedExample.utf8)
        let tokens = Self.valueTokens(original)
        var accepted = 0
        for run in 0 ..< 1_000 {
            var input = original
            // Replace from the end so earlier ranges stay valid.
            let chosen = (0 ..< Int.random(in: 1 ... 2, using: &random)).map { _ in tokens.randomElement(using: &random)! }
            for range in Set(chosen).sorted(by: { $0.lowerBound > $1.lowerBound }) {
                input.replaceSubrange(range, with: Self.replacementTokens.randomElement(using: &random)!)
            }
            if Self.parsesOrFailsWithAPosition(input, run: run) { accepted += 1 }
        }
        #expect(accepted > 0)
        #expect(accepted < 1_000)
    }
}
