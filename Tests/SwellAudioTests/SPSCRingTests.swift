import Foundation
import Synchronization
import SwellAudio
import TestSupport
import Testing

@Suite struct SPSCRingTests {
    typealias Fixtures = SoundFileFixtures

    @Test(arguments: [(1, 1), (2, 2), (3, 4), (4, 4), (5, 8), (1000, 1024), (4096, 4096), (4097, 8192)])
    func capacityRoundsUpToAPowerOfTwo(requested: Int, expected: Int) {
        let ring = SPSCRing<Float>(minimumCapacity: requested, slotWidth: 2)
        #expect(ring.capacity == expected)
        #expect(ring.availableToWrite == expected)
        #expect(ring.availableToRead == 0)
    }

    /// Frames keep their order and their channels across the wrap-around, and
    /// each call moves only what fits.
    @Test func wrapsAroundAndMovesOnlyWhatFits() {
        let ring = SPSCRing<Float>(minimumCapacity: 8, slotWidth: 2)
        func frames(_ range: Range<Int>) -> [Float] { range.flatMap { [Float($0), -Float($0)] } }
        func write(_ range: Range<Int>) -> Int {
            frames(range).withUnsafeBufferPointer { ring.write(from: $0, count: range.count) }
        }
        func read(_ count: Int) -> [Float] {
            var out = [Float](repeating: .nan, count: count * 2)
            let got = out.withUnsafeMutableBufferPointer { ring.read(into: $0, count: count) }
            return Array(out[..<(got * 2)])
        }

        #expect(write(0..<5) == 5)
        #expect(read(3) == frames(0..<3))
        #expect(ring.availableToRead == 2)
        #expect(write(5..<15) == 6)  // 2 frames held: room for 6
        #expect(ring.availableToWrite == 0)
        #expect(write(11..<12) == 0)
        #expect(read(20) == frames(3..<11))
        #expect(read(1) == [])
        #expect(write(11..<19) == 8)
        #expect(read(8) == frames(11..<19))
    }

    /// Slots of one element: push fills the ring to its capacity and no
    /// further, peek shows the oldest element without taking it, pop takes
    /// them in order, across the wrap-around.
    @Test func pushPeekAndPopOneElementAtATime() {
        let ring = SPSCRing<Int>(minimumCapacity: 3)
        #expect(ring.capacity == 4)
        #expect(ring.peek() == nil)
        #expect(ring.pop() == nil)
        #expect((0..<5).map { ring.push($0) } == [true, true, true, true, false])
        #expect(ring.peek() == 0)
        #expect(ring.pop() == 0)
        #expect(ring.peek() == 1)
        #expect(ring.push(4))
        #expect((0..<5).map { _ in ring.pop() } == [1, 2, 3, 4, nil])
        #expect(ring.availableToRead == 0)
    }

    /// A producer and a consumer thread move 2^21 numbered frames through a
    /// 256-frame ring in bursts of random sizes: every frame arrives once, in
    /// order, with both channels intact.
    @Test func concurrentProducerAndConsumerPreserveTheSequence() async throws {
        let total = 1 << 21
        let ring = SPSCRing<Float>(minimumCapacity: 256, slotWidth: 2)
        let producerIsDone = Atomic<Bool>(false)
        let result = Locked<(count: Int, firstError: String?)?>(nil)

        let producer = Thread {
            var generator = SplitMix64(seed: 1)
            var buffer = [Float](repeating: 0, count: 2 * 300)
            var next = 0
            while next < total {
                let burst = min(Int.random(in: 1...300, using: &generator), total - next)
                for index in 0..<burst {
                    buffer[2 * index] = Float(next + index)
                    buffer[2 * index + 1] = -Float(next + index)
                }
                var sent = 0
                while sent < burst {
                    let written = buffer.withUnsafeBufferPointer {
                        ring.write(from: UnsafeBufferPointer(rebasing: $0[(2 * sent)...]), count: burst - sent)
                    }
                    sent += written
                    if written == 0 { sched_yield() }
                }
                next += burst
            }
            producerIsDone.store(true, ordering: .releasing)
        }
        let consumer = Thread {
            var generator = SplitMix64(seed: 2)
            var buffer = [Float](repeating: 0, count: 2 * 300)
            var expected = 0
            var failure: String? = nil
            while true {
                let count = buffer.withUnsafeMutableBufferPointer {
                    ring.read(into: $0, count: Int.random(in: 1...300, using: &generator))
                }
                for index in 0..<count where failure == nil {
                    if buffer[2 * index] != Float(expected) || buffer[2 * index + 1] != -Float(expected) {
                        failure = "frame \(expected) arrived as (\(buffer[2 * index]), \(buffer[2 * index + 1]))"
                    }
                    expected += 1
                }
                if count == 0 {
                    if producerIsDone.load(ordering: .acquiring) && ring.availableToRead == 0 { break }
                    sched_yield()
                }
            }
            result.withLock { $0 = (expected, failure) }
        }
        producer.start()
        consumer.start()
        let deadline = Date().addingTimeInterval(120)
        while result.withLock({ $0 == nil }) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let outcome = try #require(result.withLock { $0 }, "the threads did not finish")
        #expect(outcome.firstError == nil, "\(outcome.firstError ?? "")")
        #expect(outcome.count == total)
        #expect(ring.availableToRead == 0)
    }
}
