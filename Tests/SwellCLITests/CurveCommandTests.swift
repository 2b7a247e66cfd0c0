import Foundation
import ALSATestSupport
import TestSupport
import Testing

/// `swell curve` (docs/cli.md#curve): the presentation value of each key on
/// the grid `t_k = start + k/rate`, k = 0…⌊(end − start)·rate⌋, as CSV with
/// the header `time,LAYER.KEY,…` and 9 significant digits, as JSON, or drawn
/// as SVG or PNG.
@Suite("curve: tables and charts")
struct CurveCommandTests {
    /// The number of significant digits in a decimal numeral such as
    /// `-0.000123450`, `1e-05` or `4.1`.
    static func significantDigits(_ numeral: Substring) -> Int {
        let mantissa = numeral.split(whereSeparator: { $0 == "e" || $0 == "E" })[0]
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        return max(digits.count, 1)
    }

    /// Checks that `numeral` is `value` written with at most 9 significant
    /// digits: at most 9 digits, and within half a unit of the 9th.
    static func expectNineDigits(_ numeral: Substring, _ value: Double, _ what: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(significantDigits(numeral) <= 9, "\(what): \(numeral) has more than 9 significant digits",
                sourceLocation: sourceLocation)
        guard let parsed = Double(numeral) else {
            Issue.record("\(what): \(numeral) is not a number", sourceLocation: sourceLocation)
            return
        }
        let unit = value == 0 ? 1e-300 : pow(10, (log10(abs(value))).rounded(.down) - 8)
        // Below 1e-15 the reference itself (a bisection) is no closer to 0.
        #expect(abs(parsed - value) <= max(unit / 2 * (1 + 1e-9), 1e-15), "\(what): \(numeral) is not \(value) to 9 digits",
                sourceLocation: sourceLocation)
    }

    private func curve(_ arguments: [String], directory: URL? = nil) throws -> SwellProcess.Result {
        let result = try SwellProcess.run(["curve"] + arguments, directory: directory)
        #expect(result.status == 0, "\(result)")
        return result
    }

    @Test("CSV: the header, the grid t_k = start + k/rate to ⌊(end − start)·rate⌋, 9 significant digits",
          arguments: [(0.3, 4.1, 7.0), (0.4, 0.7, 10.0), (0, 5, 3.0), (1.25, 1.25, 100.0), (0, 2, 48_000.0)])
    func csvGrid(start: Double, end: Double, rate: Double) throws {
        let result = try curve(["--fade-in", "2", "--timing", "easeIn", "--duration", "5",
                                "--start", "\(start)", "--end", "\(end)", "--rate", "\(rate)"])
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "time,main.volume")
        #expect(lines.last == "", "the table ends with a newline")
        let rows = lines.dropFirst().dropLast()
        // ⌊(end − start)·rate⌋ in exact decimal arithmetic: the inputs are
        // short decimals, so scaling by 10^6 makes them integers.
        let steps = Int((end * 1e6).rounded() - (start * 1e6).rounded()) * Int(rate) / 1_000_000
        #expect(rows.count == steps + 1)
        let easeIn = ReferenceCurve.named("easeIn")!
        for (k, row) in rows.enumerated() {
            let fields = row.split(separator: ",")
            #expect(fields.count == 2)
            let t = start + Double(k) / rate
            Self.expectNineDigits(fields[0], t, "t_\(k)")
            Self.expectNineDigits(fields[1], t < 2 ? easeIn(t / 2) : 1, "value at t_\(k)")
        }
    }

    @Test("-o picks the format from its extension unless --format says otherwise; -o - is standard output")
    func outputFormatFromExtension() throws {
        let workspace = try Workspace()
        _ = try curve(["--duration", "1", "-o", "chart.png"], directory: workspace.directory)
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("chart.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature")
        _ = try curve(["--duration", "1", "-o", "table.JSON"], directory: workspace.directory)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: workspace.path("table.JSON"))))
        #expect((json as? [String: Any])?["keys"] as? [String] == ["main.volume"])
        _ = try curve(["--duration", "1", "--format", "csv", "-o", "forced.svg"], directory: workspace.directory)
        #expect(try String(contentsOfFile: workspace.path("forced.svg"), encoding: .utf8).hasPrefix("time,main.volume\n"))
        let piped = try curve(["--duration", "0.02", "-o", "-"], directory: workspace.directory)
        #expect(piped.standardOutput == "time,main.volume\n0,1\n0.01,1\n0.02,1\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("-")), "no file named -")
    }

    @Test("a key asked twice is one column")
    func repeatedKey() throws {
        let result = try curve(["--duration", "0", "--key", "main.volume", "--key", "main.volume"])
        #expect(result.standardOutput == "time,main.volume\n0,1\n")
    }

    @Test("CSV: several keys of several layers, in the order asked")
    func csvKeys() throws {
        let workspace = try Workspace()
        try workspace.write("""
            {"version": 1,
             "layers": [{"name": "clock", "type": "layer", "time": 3}, {"name": "music", "type": "audio", "volume": 0.5}],
             "events": [{"at": 0, "layer": "clock", "set": {"time": 9}, "duration": 1},
                        {"at": 0.5, "layer": "music", "set": {"volume": 1}, "duration": 0.5, "timingFunction": "qsin"}]}
            """, to: "keys.json")
        let result = try curve(["--script", "keys.json", "--key", "music.volume", "--key", "clock.time", "--rate", "4"],
                               directory: workspace.directory)
        let rows = result.standardOutput.split(separator: "\n").map { $0.split(separator: ",") }
        #expect(rows.first == ["time", "music.volume", "clock.time"])
        // The automation ends at 1 s: five rows at 0, 0.25, …, 1.
        #expect(rows.count == 6)
        let qsin = ReferenceCurve.fade("qsin")!
        for (k, row) in rows.dropFirst().enumerated() where row.count == 3 {
            let t = Double(k) / 4
            Self.expectNineDigits(row[1], t < 0.5 ? 0.5 : 0.5 + 0.5 * qsin((t - 0.5) / 0.5), "music.volume at \(t)")
            Self.expectNineDigits(row[2], 3 + 6 * min(t, 1), "clock.time at \(t)")
        }
    }

    @Test("JSON: the keys, the same grid and values, numbers with 9 significant digits")
    func json() throws {
        let result = try curve(["--fade-out", "1", "--timing", "hsin", "--duration", "2", "--rate", "3", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any])
        let keys = try #require(object["keys"] as? [String])
        let times = try #require(object["time"] as? [Double])
        // --fade-out animates the layer it puts above main (docs/cli.md#fades).
        let values = try #require((object["values"] as? [String: Any])?["fade-out.volume"] as? [Double])
        let main = try #require((object["values"] as? [String: Any])?["main.volume"] as? [Double])
        #expect(keys == ["main.volume", "fade-out.volume"])
        #expect(main == Array(repeating: 1, count: 7))
        #expect(times.count == 7 && values.count == 7)
        // Every number in the text has at most 9 significant digits.
        let numerals = result.standardOutput.split(whereSeparator: { ",[]{}:".contains($0) })
            .filter { $0.first.map { $0.isNumber || $0 == "-" } ?? false }
        #expect(!numerals.isEmpty && numerals.allSatisfy { Self.significantDigits($0) <= 9 })
        let hsin = ReferenceCurve.fade("hsin")!
        for k in 0..<7 {
            let t = Double(k) / 3
            #expect(abs(times[k] - t) <= 5e-9 * max(t, 1e-9))
            // The fade-out from 1 s to 2 s: F(1 − p), p the progress.
            let expected = t <= 1 ? 1 : hsin(1 - (t - 1))
            #expect(abs(values[k] - expected) <= 5e-9, "at \(t): \(values[k]) ≠ \(expected)")
        }
    }

    @Test("overlapping fades: the two columns multiply into the gain render applies, with no step")
    func overlappingFades() throws {
        // A 3 s length with 2 s fades, sampled every millisecond.
        let result = try curve(["--fade-in", "2", "--fade-out", "2", "--duration", "3", "--rate", "1000", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any])
        let values = try #require(object["values"] as? [String: [Double]])
        let fadeIn = try #require(values["main.volume"]), fadeOut = try #require(values["fade-out.volume"])
        let gain = zip(fadeIn, fadeOut).map { $0 * $1 }
        for k in stride(from: 0, to: gain.count, by: 50) {
            let t = Double(k) / 1000
            // Linear fades: t/2 in, (3 − t)/2 out over its last 2 s.
            let expected = min(t / 2, 1) * min((3 - t) / 2, 1)
            #expect(abs(gain[k] - expected) <= 1e-9, "gain at \(t) s: \(gain[k]), expected \(expected)")
        }
        // Where the fade-out begins (1 s) the gain goes on from 0.5, not to 1.
        #expect(abs(gain[999] - gain[1000]) < 1e-3 && abs(gain[1000] - 0.5) < 1e-9)
    }

    @Test("a scene's shape layer: its declared values and the implicit animation of strokeEnd, sampled by curve")
    func sceneLayer() throws {
        let workspace = try Workspace()
        let script = try workspace.write(##"""
            {"version": 1, "canvas": {"width": 200, "height": 200, "backgroundColor": "#ffffff"},
             "layers": [{"name": "ring", "type": "shape", "path": "M 100 20 A 80 80 0 1 1 99.9 20",
                         "strokeColor": "#0080ff", "fillColor": [0, 0, 0, 0], "lineWidth": 6, "strokeEnd": 0}],
             "events": [{"at": 0.5, "layer": "ring", "set": {"strokeEnd": 1}, "duration": 1}]}
            """##, to: "ring.json")
        let result = try curve(["--script", script, "--key", "ring.strokeEnd", "--key", "ring.lineWidth",
                                "--end", "2", "--rate", "4", "--format", "csv"])
        #expect(result.status == 0, "\(result)")
        let rows = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == 9)
        for row in rows {
            // CAShapeLayer's implicit action: linear from the presented 0 to 1 over [0.5, 1.5].
            #expect(abs(row[1] - min(max(row[0] - 0.5, 0), 1)) <= 1e-9, "strokeEnd at \(row[0])")
            #expect(row[2] == 6)
        }
    }

    @Test("SVG: a well-formed document of the chart's size that librsvg draws, the fade where its formula puts it")
    func svg() throws {
        let workspace = try Workspace()
        _ = try curve(["--fade-in", "1", "--duration", "3", "--format", "svg", "-o", "fade.svg"], directory: workspace.directory)
        let document = XMLOutline(data: try Data(contentsOf: URL(fileURLWithPath: workspace.path("fade.svg"))))
        #expect(document.error == nil, "not well-formed XML: \(String(describing: document.error))")
        #expect(document.root == "svg")
        #expect(document.rootAttributes["width"] == "800px" && document.rootAttributes["height"] == "480px")
        #expect((document.elements["path"] ?? 0) > 0, "the curve and axes are paths")
        try Subprocess.run("rsvg-convert", ["--format", "png", "-o", workspace.path("fade.png"), workspace.path("fade.svg")])
            .requireSuccess()
        let image = try DecodedRGB(decoding: URL(fileURLWithPath: workspace.path("fade.png")))
        #expect(image.width == 800 && image.height == 480)
        try Self.expectLinearFadeIn(image)
    }

    @Test("PNG: a valid image that FFmpeg decodes, the fade drawn where its formula puts it")
    func png() throws {
        let workspace = try Workspace()
        _ = try curve(["--fade-in", "1", "--duration", "3", "--format", "png", "-o", "fade.png"], directory: workspace.directory)
        let file = URL(fileURLWithPath: workspace.path("fade.png"))
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        // Every chunk's CRC-32 (ISO 3309, as the PNG specification defines
        // it) is right; IHDR comes first and IEND last.
        var offset = 8
        var chunks: [String] = []
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard offset + 12 + length <= bytes.count else { break }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let stored = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            #expect(Self.crc32(typeAndData) == stored, "bad CRC on chunk \(type)")
            chunks.append(type)
            offset += 12 + length
        }
        #expect(offset == bytes.count, "trailing bytes after the last chunk")
        #expect(chunks.first == "IHDR" && chunks.last == "IEND" && chunks.contains("IDAT"), "chunks: \(chunks)")
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }

        // ffprobe reads the header's size.
        let image = try DecodedRGB(decoding: file)
        #expect(image.width == width && image.height == height)
        try Self.expectLinearFadeIn(image)
    }

    /// In the chart of `--fade-in 1 --duration 3`, the linear fade-in, t/1 s
    /// until 1 s and 1 after, runs where the axes (0…3 s, 0…1) put it, to a
    /// pixel, in the first palette colour.
    static func expectLinearFadeIn(_ image: DecodedRGB) throws {
        let frame = try PlotFrame(image)
        let blue = (red: 0x1f, green: 0x77, blue: 0xb4)
        for x in stride(from: frame.left + 2, to: frame.right - 2, by: 7) {
            let t = frame.value(atColumn: x, xMaximum: 3)
            let expected = frame.position(x: t, y: min(t, 1), xMaximum: 3, yMaximum: 1).y
            let found = try #require(image.curveCentre(of: blue, x: x, rows: frame.top..<frame.bottom), "no curve at \(t) s")
            #expect(abs(found - expected) <= 1, "at \(t) s: row \(found), expected \(expected)")
        }
    }

    /// CRC-32 as the PNG specification (annex D) computes it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
