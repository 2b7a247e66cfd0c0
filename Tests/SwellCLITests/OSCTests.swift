import Foundation
import ALSATestSupport
import Glibc
import TestSupport
import Testing

/// OSC (`git show 87dd931`): an `osc` layer's animated `value` sent as one
/// 32-bit float to its address, at most `maxRate` messages a second while it
/// moves, the value it arrives at always and nothing while it rests; and
/// `--osc [HOST:]PORT`, on which `/LAYER/KEY value [duration]` runs as
/// `swell ctl set`. The scripts drive only OSC layers, which `swell mixer`
/// runs on a 100 Hz display link without a sound card.
///
/// The peers are liblo's own tools — `oscdump`, whose first column is the
/// time a message was received (the wall clock, as an NTP timestamp:
/// `lo_timetag_now` for a message not in a bundle), and `oscsend` — and a
/// UDP receiver written here against the kernel's API, which stamps each
/// datagram with `CLOCK_MONOTONIC` and reads OSC's encoding itself.
///
/// The references are the closed form of a linear ramp: from `a` to `b`
/// over `d` s, v(τ) = a + (b − a)·τ/d. The sender's clock is not the
/// receiver's, and the machine may be loaded, so what is checked of the
/// timing is what the sender guarantees whatever the load — consecutive
/// messages on the way are at least 1/maxRate apart on its clock, so at
/// least |b − a|/(d·maxRate) apart in value; at most maxRate·d + 2 of them —
/// and only a loose bound ties values to arrival times.
@Suite("OSC: an osc layer's value on the wire, /LAYER/KEY requests in", .serialized)
struct OSCTests {
    static let address = "/ch/01/mix/fader"

    /// The most by which a value's arrival may differ from the closed form's
    /// time for it, relative to the ramp's other messages: a bound against
    /// a ramp run at the wrong speed or sent in a burst, far above the
    /// scheduling delays of a loaded machine, never a measure of latency.
    static let arrivalTolerance = 0.3

    /// A script of one OSC layer, `fader`, sending to `url`.
    static func script(url: String, value: Double = 0, maxRate: Double? = nil, events: [String] = []) -> String {
        let rate = maxRate.map { #", "maxRate": \#($0)"# } ?? ""
        return """
            {"version": 1, "layers": [
              {"name": "fader", "type": "osc", "url": "\(url)", "address": "\(address)", "value": \(value)\(rate)}],
             "events": [\(events.joined(separator: ", "))]}
            """
    }

    /// The event of a linear ramp of `fader.value` to `to` over `duration`
    /// s, starting at `at`.
    static func ramp(to: Double, duration: Double, at: Double = 0) -> String {
        #"{"at": \#(at), "layer": "fader", "set": {"value": \#(to)}, "duration": \#(duration), "timingFunction": "linear"}"#
    }

    /// What a ramp's messages must satisfy; returns the spread of the
    /// arrival times' offsets from the closed form, for the messages.
    ///
    /// - Parameters:
    ///   - values: The values received, in order of arrival.
    ///   - times: When each arrived, in seconds on any one clock.
    ///   - resolution: How far a value may be from the sender's double:
    ///     the float32 rounding, and oscdump's six decimals.
    @discardableResult
    static func expectRamp(
        _ values: [Double], times: [Double], from: Double, to: Double, duration: Double, maxRate: Double,
        resolution: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Double {
        guard let last = values.last, values.count >= 2 else {
            Issue.record("a ramp needs at least two messages: \(values)", sourceLocation: sourceLocation)
            return .nan
        }
        #expect(last == to, "the last message is the value arrived at, exactly: \(last) vs \(to)", sourceLocation: sourceLocation)
        let (low, high) = (min(from, to) - resolution, max(from, to) + resolution)
        #expect(values.allSatisfy { $0 >= low && $0 <= high }, "every value within [\(from), \(to)]: \(values)",
                sourceLocation: sourceLocation)
        let direction = to >= from ? 1.0 : -1.0
        let steps = zip(values, values.dropFirst()).map { ($1 - $0) * direction }
        #expect(steps.allSatisfy { $0 > 0 }, "strictly monotonic, each message a change: \(values)", sourceLocation: sourceLocation)
        // Every message but the last is sent once 1/maxRate has passed on
        // the sender's clock since the one before; the last at once.
        let slope = abs(to - from) / duration
        let least = slope / maxRate - 2 * resolution
        let closest = steps.dropLast().min() ?? .infinity
        #expect(closest >= least, "messages on the way at least \(slope / maxRate) apart: the closest \(closest) in \(values)",
                sourceLocation: sourceLocation)
        let expected = maxRate * duration
        #expect(Double(values.count) <= expected + 2, "at most maxRate·duration + 2 = \(expected + 2) messages: \(values.count)",
                sourceLocation: sourceLocation)
        #expect(Double(values.count) >= expected / 2, "at least maxRate·duration/2 = \(expected / 2) messages: \(values.count)",
                sourceLocation: sourceLocation)
        // The closed form's time for each value, τ = (v − a)/slope, against
        // its arrival: the offsets are the same but for delivery jitter.
        let offsets = zip(values, times).map { value, time in time - abs(value - from) / slope }
        let spread = (offsets.max() ?? 0) - (offsets.min() ?? 0)
        #expect(spread <= arrivalTolerance, "values arrive on the closed form within \(arrivalTolerance) s: \(spread) s",
                sourceLocation: sourceLocation)
        return spread
    }

    /// The first float of each datagram that is an OSC message of floats,
    /// and when it arrived.
    static func floats(_ datagrams: some Sequence<UDPReceiver.Datagram>) -> (values: [Double], times: [Double]) {
        let pairs = datagrams.compactMap { datagram in OSCMessage(datagram.bytes)?.floats.first.map { (Double($0), datagram.time) } }
        return (pairs.map(\.0), pairs.map(\.1))
    }

    // MARK: Out

    @Test("a 1 s linear ramp 0 → 0.75 reaches oscdump: monotonic, on the line, ≤ maxRate a second, ending exactly at 0.75",
          arguments: [nil, 10.0])
    func rampToOscdump(maxRate: Double?) throws {
        let workspace = try Workspace()
        let dump = try OSCDump(in: workspace)
        defer { dump.stop() }
        try workspace.write(Self.script(url: "osc.udp://127.0.0.1:\(dump.port)", maxRate: maxRate,
                                        events: [Self.ramp(to: 0.75, duration: 1)]), to: "fader.json")
        let result = try SwellProcess.run(["mixer", "--script", "fader.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path], directory: workspace.directory)
        #expect(result.status == 0 && result.standardError.isEmpty && result.standardOutput.isEmpty, "\(result)")
        // The session has ended: every message is in oscdump's socket.
        let arrived = dump.waitFor { $0.last?.values == [0.75] }
        #expect(arrived, "oscdump printed the last message, 0.75: \(dump.messages().suffix(3))")
        let messages = dump.messages()
        #expect(messages.allSatisfy { $0.types == "f" && $0.values.count == 1 }, "one float each: \(messages.prefix(3))")
        Self.expectRamp(messages.map { $0.values[0] }, times: messages.map(\.time), from: 0, to: 0.75, duration: 1,
                        maxRate: maxRate ?? 50, resolution: 1e-6)
    }

    @Test("our own receiver: each datagram is the address, \",f\" and the value as a big-endian float32")
    func wireFormat() throws {
        let workspace = try Workspace()
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        try workspace.write(Self.script(url: "osc.udp://127.0.0.1:\(receiver.port)", maxRate: 50,
                                        events: [Self.ramp(to: 0.75, duration: 1)]), to: "fader.json")
        let result = try SwellProcess.run(["mixer", "--script", "fader.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path], directory: workspace.directory)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [0.75] }, "the last message arrived")
        let datagrams = receiver.datagrams()
        let messages = datagrams.compactMap { OSCMessage($0.bytes) }
        #expect(messages.count == datagrams.count, "every datagram is an OSC message of floats")
        #expect(messages.allSatisfy { $0.address == Self.address && $0.floats.count == 1 }, "\(messages.prefix(3))")
        // The end, byte for byte: "/ch/01/mix/fader" is 16 bytes, so 4 NULs
        // follow it; ",f" and 2 NULs; 0.75 = 0x3F400000, high byte first.
        let last = try #require(datagrams.last).bytes
        #expect(last == Array("/ch/01/mix/fader".utf8) + [0, 0, 0, 0] + Array(",f".utf8) + [0, 0] + [0x3F, 0x40, 0x00, 0x00],
                "\(last)")
        let ramp = Self.floats(datagrams)
        Self.expectRamp(ramp.values, times: ramp.times, from: 0, to: 0.75, duration: 1, maxRate: 50, resolution: 1e-7)
    }

    @Test("nothing is sent while the value rests: a script without events, and after a ramp's end with --hold")
    func nothingWhileResting() throws {
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        let url = "osc.udp://127.0.0.1:\(receiver.port)"

        let resting = try OSCSession(Self.script(url: url, value: 0.3), arguments: ["--hold"])
        try resting.waitUntilTime(1.5)
        #expect(try resting.ctl(["stop"]).status == 0)
        let stopped = try resting.process.wait()
        #expect(stopped.status == 0 && stopped.standardError.isEmpty, "\(stopped)")
        let sent = receiver.datagrams().map { OSCMessage($0.bytes)?.description ?? "\($0.bytes)" }
        #expect(sent.isEmpty, "a value declared 0.3 and never moved is never sent: \(sent)")

        let before = receiver.datagrams().count
        let held = try OSCSession(Self.script(url: url, events: [Self.ramp(to: 0.75, duration: 0.5)]), arguments: ["--hold"])
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [0.75] }, "the ramp arrived")
        let arrived = receiver.datagrams().count
        try held.waitUntilTime(0.5 + 1.5)
        let late = receiver.datagrams().dropFirst(arrived).compactMap { OSCMessage($0.bytes) }
        #expect(late.isEmpty, "nothing after the value arrived, for a second and more: \(late)")
        #expect(arrived - before >= 2, "the ramp was sent")
        #expect(try held.ctl(["stop"]).status == 0)
        let result = try held.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        #expect(receiver.datagrams().count == arrived, "nor at the end of the session")
    }

    // MARK: In

    @Test("--osc: /fader/value ff 0.2 0.5 ramps the value out; garbage and strings are counted and ignored, the session goes on")
    func requestsIn() throws {
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        let session = try OSCSession(Self.script(url: "osc.udp://127.0.0.1:\(receiver.port)"), arguments: ["--hold"],
                                     listens: true)
        let input = try #require(session.oscPort)

        // /LAYER/KEY value duration: a linear ramp from the resting 0 to
        // 0.2 over 0.5 s, which arrives at the float 0.2 exactly.
        try OSCSend.send(port: input, "/fader/value", "ff", "0.2", "0.5")
        let target = Double(Float(0.2))
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [Float(0.2)] }, "the ramp arrived")
        let first = receiver.datagrams()
        let ramp = Self.floats(first)
        Self.expectRamp(ramp.values, times: ramp.times, from: 0, to: target, duration: 0.5, maxRate: 50, resolution: 1e-7)

        // Three datagrams that are not messages of numbers: random bytes, a
        // message cut short inside its argument, a string argument. Then
        // requests the session refuses: an unknown layer, twice (one
        // warning), and a maxRate out of its range.
        var random = SplitMix64(seed: 0x05C)
        try UDPReceiver.send((0..<37).map { _ in UInt8.random(in: 0...255, using: &random) }, to: input)
        try UDPReceiver.send(Array("/fader/value".utf8) + [0, 0, 0, 0] + Array(",f".utf8) + [0, 0, 0x3E], to: input)
        try OSCSend.send(port: input, "/fader/value", "s", "loud")
        try OSCSend.send(port: input, "/nope/value", "f", "1")
        try OSCSend.send(port: input, "/nope/value", "f", "1")
        try OSCSend.send(port: input, "/fader/maxRate", "f", "-1")
        #expect(!session.process.hasExited, "the session goes on")

        // A later request still works: no duration is Core Animation's
        // implicit 0.25 s, from 0.2 to 0.6.
        try OSCSend.send(port: input, "/fader/value", "f", "0.6")
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [Float(0.6)] }, "the second ramp arrived")
        let second = Self.floats(receiver.datagrams().dropFirst(first.count))
        Self.expectRamp(second.values, times: second.times, from: target, to: Double(Float(0.6)), duration: 0.25, maxRate: 50,
                        resolution: 1e-7)
        // A duration of 0 sets the value at once: one message.
        let before = receiver.datagrams().count
        try OSCSend.send(port: input, "/fader/value", "ff", "0.1", "0")
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [Float(0.1)] }, "the jump arrived")
        #expect(receiver.datagrams().count == before + 1, "one message for a set without animation")
        // get writes 9 significant digits of the float 0.1 the request carried.
        let get = try session.ctl(["get", "fader.value"])
        let presented = try #require(Double(get.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), "\(get)")
        #expect(abs(presented - Double(Float(0.1))) <= 1e-9, "\(get)")

        #expect(try session.ctl(["stop"]).status == 0)
        let result = try session.process.wait()
        #expect(result.status == 0, "\(result)")
        #expect(result.errorLines == [
            #"swell: warning: OSC /nope/value ignored: unknown layer "nope""#,
            #"swell: warning: OSC /fader/maxRate ignored: "maxRate" must be greater than 0 and at most 1000; it is messages a second"#,
            "swell: warning: ignored 3 OSC datagrams that were not messages of numbers",
        ], "\(result.standardError)")
    }

    @Test("Ctrl-C ends a listening session with 130, and one ignored datagram is said in the singular")
    func interruptCountsOne() throws {
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        let session = try OSCSession(Self.script(url: "osc.udp://127.0.0.1:\(receiver.port)"), arguments: ["--hold"],
                                     listens: true)
        let input = try #require(session.oscPort)
        try UDPReceiver.send(Array("#bundle".utf8) + [0], to: input)
        try OSCSend.send(port: input, "/fader/value", "ff", "0.5", "0")
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [0.5] }, "a request after the bundle works")
        session.process.interrupt()
        let result = try session.process.wait()
        #expect(result.status == 130, "\(result)")
        #expect(result.errorLines == ["swell: warning: ignored 1 OSC datagram that was not a message of numbers",
                                      "swell: error: interrupted"],
                "\(result.standardError)")
    }

    @Test("play --osc: /main/volume sets the playing file's volume as ctl set does")
    func playListens() throws {
        let workspace = try Workspace()
        let alsa = try ALSATestConfiguration()
        let input = try workspace.constantInput(sampleRate: 48_000, frames: 3 * 48_000, channels: 2)
        let session = try OSCSession(arguments: ["play", input, "--device", ALSATestConfiguration.realtimePCM, "--quiet"],
                                     workspace: workspace, environment: alsa.environment, listens: true)
        let port = try #require(session.oscPort)
        try OSCSend.send(port: port, "/main/volume", "ff", "0.25", "0")
        try waitUntil("the volume is 0.25") { try session.ctl(["get", "main.volume"]).standardOutput == "0.25\n" }
        let result = try session.process.wait()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let frames = try alsa.captured(by: ALSATestConfiguration.realtimePCM)
        let gains = stride(from: 0, to: min(frames.count, 2 * 3 * 48_000), by: 2).map { frames[$0] / Workspace.level }
        #expect(abs((gains.first ?? 0) - 1) < 1e-6 && abs((gains.last ?? 0) - 0.25) < 1e-6, "1, then 0.25")
        #expect(gains.allSatisfy { abs($0 - 1) < 1e-6 || abs($0 - 0.25) < 1e-6 }, "a set of duration 0 is a step")
    }

    // MARK: Curve

    @Test("curve --rate 10 shows the value on the linear closed form to 1e-9, and sends nothing")
    func curve() throws {
        let workspace = try Workspace()
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        try workspace.write(Self.script(url: "osc.udp://127.0.0.1:\(receiver.port)", events: [Self.ramp(to: 0.75, duration: 1)]),
                            to: "fader.json")
        let result = try SwellProcess.run(["curve", "--script", "fader.json", "--key", "fader.value", "--rate", "10",
                                           "--end", "1.5"], directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "time,fader.value")
        let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count == 16, "t = 0, 0.1, …, 1.5: \(rows.count) rows")
        for (k, row) in rows.enumerated() {
            let t = Double(k) / 10
            #expect(row.count == 2 && abs(row[0] - t) <= 1e-9, "row \(k): \(row)")
            #expect(abs((row.last ?? .nan) - 0.75 * min(t, 1)) <= 1e-9, "at \(t) s: \(row)")
        }
        usleep(200_000)
        #expect(receiver.datagrams().isEmpty, "curve computes the value; it sends nothing")
    }

    // MARK: Several arguments

    /// An XY pad: `"arguments": "x y"` sends the two declared properties as
    /// one message of two floats, each on its own linear ramp from (0, 1) to
    /// (1, 0) over 0.5 s — so on every message x + y = 1, to a float's
    /// precision, and x never falls.
    static let pad = """
        {"version": 1, "layers": [{"name": "pad", "type": "osc", "url": "URL", "address": "/xy",
           "arguments": "x y", "x": 0, "y": 1}],
         "events": [{"at": 0, "layer": "pad", "set": {"x": 1, "y": 0}, "duration": 0.5, "timingFunction": "linear"}]}
        """

    @Test("arguments: the declared properties go out as one message, in order, each on its ramp; curve shows each")
    func severalArguments() throws {
        let receiver = try UDPReceiver()
        defer { receiver.close() }
        let workspace = try Workspace()
        try workspace.write(Self.pad.replacingOccurrences(of: "URL", with: "osc.udp://127.0.0.1:\(receiver.port)"),
                            to: "pad.json")
        let result = try SwellProcess.run(["mixer", "--script", "pad.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path],
                                          directory: workspace.directory)
        #expect(result.status == 0, "\(result)")
        #expect(receiver.waitFor { $0.last.flatMap { OSCMessage($0.bytes) }?.floats == [1, 0] }, "the ramp arrived")
        let messages = receiver.datagrams().map { OSCMessage($0.bytes) }
        #expect(messages.allSatisfy { $0?.address == "/xy" && $0?.floats.count == 2 }, "\(messages)")
        let pairs = messages.compactMap { $0?.floats }
        #expect(pairs.count >= 12 && pairs.count <= 27, "at most 50 a second over 0.5 s: \(pairs.count)")
        #expect(pairs.allSatisfy { abs(Double($0[0] + $0[1]) - 1) <= 1e-6 }, "x + y = 1: \(pairs)")
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0[0] <= $1[0] }, "x never falls: \(pairs)")

        let curve = try SwellProcess.run(["curve", "--script", "pad.json", "--key", "pad.x", "--key", "pad.y", "--rate", "4"],
                                         directory: workspace.directory)
        let rows = curve.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count == 3 && rows.allSatisfy { abs($0[1] - min($0[0] / 0.5, 1)) <= 1e-9 && abs($0[2] - (1 - min($0[0] / 0.5, 1))) <= 1e-9 },
                "\(curve)")
    }

    @Test("an argument the layer does not declare is one line naming it, exit 2")
    func undeclaredArgument() throws {
        let workspace = try Workspace()
        try workspace.write(Self.pad.replacingOccurrences(of: "URL", with: "osc.udp://127.0.0.1:9")
                                .replacingOccurrences(of: #""x": 0, "#, with: "")
                                .replacingOccurrences(of: #""set": {"x": 1, "y": 0}"#, with: #""set": {"y": 0}"#),
                            to: "pad.json")
        let result = try SwellProcess.run(["mixer", "--script", "pad.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path],
                                          directory: workspace.directory)
        result.expectFailure(.badInput, naming: ["'pad'", "'x'"])
    }

    // MARK: Bad input

    @Test("a URL liblo cannot send to — another scheme, no port — is one line at its place in the script, exit 2", arguments: [
        ("http://x", "'http://x'"),
        ("osc.udp://127.0.0.1", "'osc.udp://127.0.0.1'"),
        ("osc.udp://127.0.0.1:fader", "'osc.udp://127.0.0.1:fader'"),
    ])
    func badURL(url: String, subject: String) throws {
        let workspace = try Workspace()
        let text = Self.script(url: url, events: [Self.ramp(to: 0.75, duration: 0.2)])
        try workspace.write(text, to: "fader.json")
        for command in [["mixer", "--script", "fader.json", "--quiet"], ["curve", "--script", "fader.json"]] {
            let result = try SwellProcess.run(command, environment: ["XDG_RUNTIME_DIR": workspace.directory.path],
                                              directory: workspace.directory)
            result.expectFailure(.badInput, naming: ["fader.json:\(text.location(of: "\"\(url)\""))", "\"url\"", subject])
        }
    }

    @Test("an address that is not a path is one line at its place in the script, exit 2")
    func badAddress() throws {
        let workspace = try Workspace()
        let text = #"""
            {"version": 1, "layers": [
              {"name": "fader", "type": "osc", "url": "osc.udp://127.0.0.1:9", "address": "ch/01"}]}
            """#
        try workspace.write(text, to: "fader.json")
        let result = try SwellProcess.run(["mixer", "--script", "fader.json", "--quiet"],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path], directory: workspace.directory)
        result.expectFailure(.badInput, naming: ["fader.json:\(text.location(of: "\"ch/01\""))", "\"address\"", "'ch/01'"])
    }

    @Test("a layer without its url is a script error at its place, exit 2")
    func missingURL() throws {
        let workspace = try Workspace()
        let text = #"""
            {"version": 1, "layers": [
              {"name": "fader", "type": "osc", "address": "/ch/01/mix/fader"}]}
            """#
        try workspace.write(text, to: "fader.json")
        for command in [["mixer", "--script", "fader.json", "--quiet"], ["curve", "--script", "fader.json", "--key", "fader.value"]] {
            let result = try SwellProcess.run(command, environment: ["XDG_RUNTIME_DIR": workspace.directory.path],
                                              directory: workspace.directory)
            result.expectFailure(.badInput, naming: ["fader.json:\(text.location(of: "{\"name\""))", #""url""#, #""fader""#])
        }
    }

    @Test("--osc that is no endpoint is one line naming it, exit 2", arguments: ["99999", "0", "abc", ":9000", "127.0.0.1:"])
    func badEndpoint(endpoint: String) throws {
        let workspace = try Workspace()
        try workspace.write(Self.script(url: "osc.udp://127.0.0.1:9"), to: "fader.json")
        let result = try SwellProcess.run(["mixer", "--script", "fader.json", "--quiet", "--osc", endpoint],
                                          environment: ["XDG_RUNTIME_DIR": workspace.directory.path], directory: workspace.directory)
        result.expectFailure(.badInput, naming: ["'\(endpoint)'"])
    }

    @Test("--osc on a port already bound is one line, exit 1 — as a device that cannot be opened")
    func portTaken() throws {
        let workspace = try Workspace()
        let taken = try UDPReceiver()
        defer { taken.close() }
        try workspace.write(Self.script(url: "osc.udp://127.0.0.1:9"), to: "fader.json")
        for endpoint in ["\(taken.port)", "127.0.0.1:\(taken.port)"] {
            let result = try SwellProcess.run(["mixer", "--script", "fader.json", "--quiet", "--hold", "--osc", endpoint],
                                              environment: ["XDG_RUNTIME_DIR": workspace.directory.path],
                                              directory: workspace.directory, timeout: 30)
            result.expectFailure(.runtimeFailure, naming: ["'\(endpoint)'", "Address already in use"])
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: workspace.path("swell"))) ?? []
        #expect(left.isEmpty, "no control socket left behind: \(left)")
    }
}

// MARK: - Peers

/// An OSC message whose arguments are all 32-bit floats, read from a
/// datagram by the OSC 1.0 encoding: the address, a NUL-terminated string
/// padded with NULs to a multiple of 4 bytes; the type tags the same way,
/// `,` and one `f` per argument; each argument 4 bytes, big-endian.
struct OSCMessage: Equatable, CustomStringConvertible {
    let address: String
    let floats: [Float]

    /// Nil unless `bytes` are exactly such a message.
    init?(_ bytes: [UInt8]) {
        func string(at offset: Int) -> (String, next: Int)? {
            guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0) else { return nil }
            let next = (end + 4) & ~3
            guard next <= bytes.count, bytes[end..<next].allSatisfy({ $0 == 0 }) else { return nil }
            return (String(decoding: bytes[offset..<end], as: UTF8.self), next)
        }
        guard let (address, tagsAt) = string(at: 0), address.hasPrefix("/"),
              let (tags, argumentsAt) = string(at: tagsAt), tags.hasPrefix(","),
              tags.dropFirst().allSatisfy({ $0 == "f" }), bytes.count == argumentsAt + 4 * (tags.count - 1)
        else { return nil }
        self.address = address
        floats = stride(from: argumentsAt, to: bytes.count, by: 4).map { i in
            Float(bitPattern: UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
        }
    }

    var description: String { "\(address) \(floats)" }
}

/// A UDP socket on 127.0.0.1 at a port the system picks, read by a thread
/// of its own, which stamps each datagram with `CLOCK_MONOTONIC` as it
/// arrives.
final class UDPReceiver: @unchecked Sendable {
    struct Datagram: Sendable {
        let time: Double
        let bytes: [UInt8]
    }

    let port: Int
    private let socket: Int32
    private let lock = NSLock()
    private var received: [Datagram] = []
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError("socket: \(String(cString: strerror(errno)))") }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw TestSupportError("cannot bind a UDP socket: \(String(cString: strerror(errno)))")
        }
        // Reads wake every 20 ms to see whether to stop.
        var timeout = timeval(tv_sec: 0, tv_usec: 20_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var size: Int32 = 1 << 20
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { self.run() }.start()
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while lock.withLock({ running }) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { continue }
            let datagram = Datagram(time: Self.now(), bytes: Array(buffer[..<count]))
            lock.withLock { received.append(datagram) }
        }
        finished.signal()
    }

    /// Every datagram so far, in order of arrival.
    func datagrams() -> [Datagram] {
        lock.withLock { received }
    }

    /// Waits, up to 20 s, until `condition` holds of the datagrams so far;
    /// returns whether it did.
    func waitFor(_ condition: ([Datagram]) -> Bool) -> Bool {
        (try? waitUntil("datagrams arrive", timeout: 20) { condition(datagrams()) }) != nil
    }

    /// Stops reading and closes the socket.
    func close() {
        guard lock.withLock({ running }) else { return }
        lock.withLock { running = false }
        finished.wait()
        Glibc.close(socket)
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Sends `bytes` as one datagram to 127.0.0.1:`port`.
    static func send(_ bytes: [UInt8], to port: Int) throws {
        let sender = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { Glibc.close(sender) }
        var address = loopback(port: port)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeBytes { sendto(sender, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard sent == bytes.count else { throw TestSupportError("sendto: \(String(cString: strerror(errno)))") }
    }

    /// A UDP port on 127.0.0.1 that nothing was bound to a moment ago.
    static func freePort() throws -> Int {
        let probe = try UDPReceiver()
        defer { probe.close() }
        return probe.port
    }
}

/// liblo's `oscsend`.
enum OSCSend {
    static func send(port: Int, _ path: String, _ types: String, _ values: String...) throws {
        try Subprocess.run("oscsend", ["127.0.0.1", "\(port)", path, types] + values).requireSuccess()
    }
}

/// liblo's `oscdump -L PORT`, its lines in a file: `TIME /path TYPES
/// VALUE…`, the time the receive time as an NTP timestamp
/// `SECONDS.FRACTION` in hexadecimal, floats with six decimals.
final class OSCDump {
    struct Line {
        let time: Double
        let path: String
        let types: String
        let values: [Double]
    }

    let port: Int
    private let process: Subprocess.Running
    private let output: String

    /// Starts oscdump on a free port, and waits until it prints a probe
    /// sent to it; another port when the one picked was taken meanwhile.
    init(in workspace: Workspace) throws {
        var failure = ""
        for _ in 0..<5 {
            let port = try UDPReceiver.freePort()
            let output = workspace.path("oscdump-\(port).txt")
            let process = try Subprocess.launch(Subprocess.locate("sh"), ["-c", "exec oscdump -L \(port) > '\(output)'"])
            var ready = false
            try waitUntil("oscdump listens") {
                if process.hasExited { return true }
                try OSCSend.send(port: port, "/ready", "i", "1")
                usleep(30_000)
                ready = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains(" /ready ")
                return ready
            }
            if ready {
                (self.port, self.process, self.output) = (port, process, output)
                return
            }
            failure = "\(try process.wait())"
        }
        throw TestSupportError("oscdump could not listen: \(failure)")
    }

    /// The lines printed for `OSCTests.address` so far.
    func messages() -> [Line] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 3, fields[1] == OSCTests.address else { return nil }
            let stamp = fields[0].split(separator: ".")
            guard stamp.count == 2, let seconds = UInt32(stamp[0], radix: 16), let fraction = UInt32(stamp[1], radix: 16) else {
                return nil
            }
            return Line(time: Double(seconds) + Double(fraction) / 4_294_967_296, path: String(fields[1]),
                        types: String(fields[2]), values: fields.dropFirst(3).compactMap { Double($0) })
        }
    }

    /// Waits, up to 20 s, until `condition` holds of the lines so far.
    func waitFor(_ condition: ([Line]) -> Bool) -> Bool {
        (try? waitUntil("oscdump prints", timeout: 20) { condition(messages()) }) != nil
    }

    func stop() {
        process.stop()
    }
}

/// A `swell mixer` session of a script in a workspace of its own (its
/// control socket there too), or any command given whole, listening for
/// OSC on a free port when asked.
final class OSCSession {
    let workspace: Workspace
    let environment: [String: String]
    let process: SwellProcess.Running
    /// The port it listens for OSC on, if it does.
    let oscPort: Int?

    /// `swell mixer --script fader.json --quiet ARGUMENTS` of `script`.
    convenience init(_ script: String, arguments: [String], listens: Bool = false) throws {
        let workspace = try Workspace()
        try workspace.write(script, to: "fader.json")
        try self.init(arguments: ["mixer", "--script", workspace.path("fader.json"), "--quiet"] + arguments,
                      workspace: workspace, listens: listens)
    }

    /// Starts `swell ARGUMENTS`, with `--osc 127.0.0.1:PORT` when it
    /// `listens`, and waits for its control socket; another port when the
    /// one picked was taken meanwhile.
    init(arguments: [String], workspace: Workspace, environment: [String: String] = [:], listens: Bool = false) throws {
        self.workspace = workspace
        self.environment = environment.merging(["XDG_RUNTIME_DIR": workspace.directory.path]) { _, new in new }
        var failure = ""
        for _ in 0..<5 {
            let port = listens ? try UDPReceiver.freePort() : nil
            let process = try SwellProcess.start(arguments + (port.map { ["--osc", "127.0.0.1:\($0)"] } ?? []),
                                                 environment: self.environment, directory: workspace.directory)
            let socket = workspace.path("swell/\(process.processIdentifier).sock")
            try waitUntil("the control socket appears") { process.hasExited || FileManager.default.fileExists(atPath: socket) }
            if !process.hasExited {
                (self.process, oscPort) = (process, port)
                return
            }
            let result = try process.wait()
            failure = "\(result)"
            guard result.standardError.contains("Address already in use") else { break }
        }
        throw TestSupportError("swell ended: \(failure)")
    }

    deinit { process.stop() }

    var socket: String { workspace.path("swell/\(process.processIdentifier).sock") }

    func ctl(_ arguments: [String]) throws -> SwellProcess.Result {
        try SwellProcess.run(["ctl"] + arguments, environment: environment)
    }

    /// Waits until the session's time (its `status`) has passed `seconds`.
    func waitUntilTime(_ seconds: Double) throws {
        try waitUntil("the session's time passes \(seconds) s") {
            let status = try RawClient.exchange(socket, Array(#"{"status": true}"#.utf8) + [UInt8(ascii: "\n")]).first
            return status?["time"] as? Double ?? 0 > seconds
        }
    }
}
