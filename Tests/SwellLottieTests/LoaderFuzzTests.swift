import Foundation
import SwellCore
import SwellLottie
import SwellScript
import Testing
import TestSupport

/// Mutated Lottie files never crash or hang the reader or the layer
/// builder (docs/lottie.md#errors): each either plays — read, built into a
/// ``LottieLayer`` and drawn at its first, middle and last frames — or is
/// refused with a `SourceError` that points inside the file. The
/// generators are seeded, so a crash (which ends the test run with its
/// signal) replays.
@Suite("Lottie loader fuzzing")
struct LoaderFuzzTests {
    /// The fixtures small enough to mutate many times over: test-files'
    /// feature files and lottie-ios's smaller samples.
    static let seeds: [(url: URL, bytes: [UInt8])] = {
        (try? LottieFixtures.allAnimationFiles())?.compactMap { url in
            guard let data = try? Data(contentsOf: url), data.count <= 16_000 else { return nil }
            return (url, Array(data))
        } ?? []
    }()

    /// The longest one run may take in a debug build before it counts as
    /// a hang.
    static let slowest: Duration = .seconds(5)

    /// Reads `input` as a file beside `seed`, builds and draws it when it
    /// reads; records an issue unless it played or was refused with a
    /// location inside the input. Returns whether it played.
    static func playsOrRefusesInPlace(_ input: [UInt8], seed: URL, run: String) -> Bool {
        let start = ContinuousClock.now
        defer {
            let took = ContinuousClock.now - start
            #expect(took < slowest, "\(run): took \(took)")
        }
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(bytes: input, file: "fuzz.json", directory: seed.deletingLastPathComponent(),
                                            images: LottieFixtures.images)
        } catch {
            guard let location = error.location else {
                Issue.record("\(run): a refusal without a location: \(error)")
                return false
            }
            let lines = lineLengths(input)
            #expect((1...lines.count).contains(location.line), "\(run): \(error)")
            if (1...lines.count).contains(location.line) {
                // Columns count scalars, so never more than the line's bytes + 1.
                #expect((1...lines[location.line - 1] + 1).contains(location.column), "\(run): \(error)")
            }
            #expect(!error.message.isEmpty, "\(run)")
            #expect(error.description == "fuzz.json:\(location.line):\(location.column): \(error.message)", "\(run)")
            #expect(!error.description.contains("\n") && !error.description.contains("\r"), "\(run)")
            return false
        }
        let stage = LottieStage(animation, width: 24, height: 24)
        for time in [0, animation.duration / 2, animation.duration] {
            _ = stage.render(at: time)
        }
        return true
    }

    /// `runs` mutations of randomly chosen seeds, `mutate` making each;
    /// both outcomes must occur for the test to mean anything.
    static func fuzz(runs: Int, seed: UInt64, expectsPlays: Bool = true,
                     _ mutate: (_ seed: Int, inout SplitMix64) -> [UInt8]) {
        #expect(seeds.count > 80, "the fixtures are there")
        var random = SplitMix64(seed: seed)
        var played = 0
        for run in 0..<runs {
            let k = Int.random(in: 0..<seeds.count, using: &random)
            let url = seeds[k].url
            let input = mutate(k, &random)
            if playsOrRefusesInPlace(input, seed: url, run: "run \(run) of seed \(seed) (\(url.lastPathComponent))") {
                played += 1
            }
        }
        print("Lottie fuzzing, seed \(seed): \(played) of \(runs) mutants played, \(runs - played) refused")
        if expectsPlays { #expect(played > 0, "no mutant played; the mutator is too destructive") }
        #expect(played < runs, "no mutant was refused; the mutator does nothing")
    }

    @Test("bytes flipped, deleted, inserted, duplicated", .timeLimit(.minutes(2)))
    func byteMutations() {
        Self.fuzz(runs: 600, seed: 0x10_77_1E_B7) { k, random in
            JSONMutator.mutateBytes(Self.seeds[k].bytes, using: &random)
        }
    }

    @Test("cut short anywhere", .timeLimit(.minutes(2)))
    func truncations() {
        Self.fuzz(runs: 300, seed: 0x7E_0C_A7E, expectsPlays: false) { k, random in
            JSONMutator.truncate(Self.seeds[k].bytes, using: &random)
        }
    }

    @Test("members deleted, types swapped, numbers huge, negative or not numbers", .timeLimit(.minutes(2)))
    func valueMutations() {
        let trees = Self.seeds.map { JSONMutator.parse($0.bytes) }
        Self.fuzz(runs: 2_000, seed: 0xB1_6B_AD_F11E) { k, random in
            guard let tree = trees[k] else {
                Issue.record("\(Self.seeds[k].url.lastPathComponent) is not well-formed JSON")
                return Self.seeds[k].bytes
            }
            return Array(JSONMutator.mutateValues(tree, using: &random).text.utf8)
        }
    }

    @Test("every fixture reads and parses back as it was written")
    func fixturesRoundTrip() throws {
        for (url, bytes) in Self.seeds {
            let tree = try #require(JSONMutator.parse(bytes), "\(url.lastPathComponent)")
            #expect(throws: Never.self, "\(url.lastPathComponent)") {
                _ = try LottieAnimation(bytes: Array(tree.text.utf8), file: url.lastPathComponent,
                                        directory: url.deletingLastPathComponent(), images: LottieFixtures.images)
            }
        }
    }
}
