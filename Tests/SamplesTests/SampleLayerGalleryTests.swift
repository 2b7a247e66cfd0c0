import Foundation
import Testing
import TestSupport

/// Samples/LayerGallery — the CALayer guide's figures as PNGs. The files
/// are measured by FFmpeg (ffprobe for sizes, ffmpeg decoding to raw RGBA
/// for pixels) and the pixels compared with the closed-form geometry and
/// colours of the guide's listings.
@Suite struct SampleLayerGalleryTests {
    /// Each section's window in points, one pixel per point, as the
    /// figures lay out their views.
    static let sizes: [String: (Int, Int)] = [
        "contents-gravity": (850, 340), "contents-rect": (640, 180), "contents-center": (420, 240),
        "custom-drawing": (300, 300), "anchor-point-clock": (520, 270), "z-position": (460, 250),
        "corners": (520, 300), "borders": (520, 300), "shadows": (560, 240), "shadow-clipping": (520, 300),
        "shadow-path": (440, 240), "masks": (600, 240), "magnification-filters": (420, 230),
        "group-opacity": (560, 170), "affine-transforms": (620, 320), "shear": (360, 240),
        "perspective": (540, 280), "sublayer-transform": (540, 280), "back-faces": (540, 280), "flattening": (580, 350),
        "lit-cube": (460, 460), "shape-stick-figure": (300, 280), "shape-rounded-corners": (200, 200),
        "text": (280, 330), "rich-text": (280, 330), "transform-layer-cubes": (420, 300),
        "gradient": (240, 240), "gradient-locations": (240, 240), "replicator": (560, 560),
        "replicator-reflection": (300, 370), "scroll-layer": (320, 320), "tiled-layer": (480, 340),
        "emitter-fire": (320, 320),
    ]

    /// One run of the gallery into a fresh directory, shared by the tests.
    struct Output: Sendable {
        let directory: URL
        let lines: [String]
    }

    static let output: Result<Output, SampleFailure> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)")
        do {
            let result = try Subprocess.run(Subprocess.product("LayerGallery"), [directory.path], timeout: 300)
            guard result.status == 0, result.standardError.isEmpty else {
                return .failure(SampleFailure("LayerGallery ended with \(result.ending): \(result.standardError)"))
            }
            return .success(Output(directory: directory, lines: result.standardOutput.split(separator: "\n").map(String.init)))
        } catch {
            return .failure(SampleFailure("\(error)"))
        }
    }()

    /// A PNG decoded by FFmpeg: RGBA rows from the top.
    struct Picture {
        let width: Int, height: Int
        let bytes: [UInt8]

        init(_ name: String) throws {
            let path = try SampleLayerGalleryTests.output.get().directory.appendingPathComponent("\(name).png").path
            let probe = try Subprocess.run("ffprobe", ["-v", "error", "-show_entries", "stream=width,height",
                                                       "-of", "csv=p=0", path]).requireSuccess()
            let size = probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
            width = Int(size[0])!
            height = Int(size[1])!
            bytes = [UInt8](try Subprocess.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo",
                                                          "-pix_fmt", "rgba", "-"]).requireSuccess().outputData)
        }

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * width + x)
            return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
        }
    }

    static func close(_ a: (Int, Int, Int), _ b: (Double, Double, Double), within tolerance: Double) -> Bool {
        abs(Double(a.0) - b.0) <= tolerance && abs(Double(a.1) - b.1) <= tolerance && abs(Double(a.2) - b.2) <= tolerance
    }

    /// The window's grey, 0.9 × 255.
    static let window = (229.5, 229.5, 229.5)
    static let white = (255.0, 255.0, 255.0)
    static let black = (0.0, 0.0, 0.0)

    @Test func writesOnePNGPerSectionAtItsSizeAndAContactSheet() throws {
        let output = try Self.output.get()
        let files = try FileManager.default.contentsOfDirectory(atPath: output.directory.path).filter { $0.hasSuffix(".png") }
        #expect(Set(files) == Set(Self.sizes.keys.map { "\($0).png" } + ["contact-sheet.png"]))
        #expect(output.lines.count == Self.sizes.count + 2)
        for (name, (width, height)) in Self.sizes {
            let picture = try Picture(name)
            #expect((picture.width, picture.height) == (width, height), "\(name)")
            #expect(output.lines.contains("\(name).png \(width)x\(height)"), "\(name)")
        }
        let sheet = try Picture("contact-sheet")
        #expect(sheet.width <= 1600 && sheet.height > 0)
    }

    /// The fire in motion: frames k/25 for 0 ≤ k/25 < 4 s, 100 of them, of
    /// the emitter's 320-point window. Particles are born at 150 a second
    /// from the centre at up to 100 points a second: at 0 nothing is lit,
    /// and at 2 s (frame 50) a spark 50 points out is lit, in the night
    /// window's grey (0.12 × 255) no longer.
    @Test func writesTheFireInMotionAsAGIF() throws {
        let output = try Self.output.get()
        #expect(output.lines.contains("emitter-fire.gif 320x320"))
        let bytes = [UInt8](try SoundFileFixtures.ffmpeg(
            "-i", output.directory.appendingPathComponent("emitter-fire.gif").path, "-fps_mode", "passthrough",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-"))
        let size = 320 * 320 * 4
        #expect(bytes.count == 100 * size)
        func lit(_ frame: Int) -> [Double] {
            (0 ..< 320 * 320).filter { bytes[frame * size + 4 * $0] > 80 }.map { index in
                let x = Double(index % 320) + 0.5 - 160, y = Double(index / 320) + 0.5 - 160
                return (x * x + y * y).squareRoot()
            }
        }
        let first = lit(0), early = lit(10), late = lit(50)
        #expect(!first.isEmpty && first.allSatisfy { $0 <= 23 })
        #expect(late.contains { $0 > 100 })
        #expect(late.count > early.count)
    }

    /// Bad arguments: a usage line on standard error, exit 2.
    @Test func withoutAnOutputDirectoryItExplainsAndExits2() throws {
        let result = try Subprocess.run(Subprocess.product("LayerGallery"), [])
        #expect(result.status == 2)
        #expect(result.standardError == "LayerGallery: usage: LayerGallery <output-directory>\n")
    }

    /// Listing 3.1 at 10:08:37: the second hand at 37/60 of a turn, 222°
    /// clockwise from twelve. With `anchorPoint` (0.5, 0.9) the 100-point
    /// hand reaches 90 points from the centre along that direction, so the
    /// pixels on its axis 30…80 points out are red; about its default
    /// anchor it reaches only 50, and 60…80 points out is the white face.
    @Test func theClockHandsTurnAboutTheirAnchorPoints() throws {
        let picture = try Picture("anchor-point-clock")
        let angle = 37.0 / 60 * 2 * .pi
        let (ux, uy) = (sin(angle), -cos(angle))
        for (centreX, adjusted) in [(130.0, false), (390.0, true)] {
            for distance in stride(from: adjusted ? 30.0 : 60.0, through: 80, by: 5) {
                // The pixel whose centre is nearest the point on the axis.
                let (x, y) = (Int((centreX + distance * ux).rounded(.down)), Int((125 + distance * uy).rounded(.down)))
                let (r, g, b) = picture.rgb(x, y)
                if adjusted {
                    #expect(r > 180 && g < 120 && b < 120, "hand at \(distance): \((r, g, b))")
                } else {
                    #expect(Self.close((r, g, b), Self.white, within: 3), "face at \(distance): \((r, g, b))")
                }
            }
        }
    }

    /// Figure 4.3: a 5-point black border inside a 200-point view at
    /// x = 40: on the middle row, pixels 40…44 and 235…239 are black, 45 and
    /// 234 white, 39 and 240 the window; on the middle column, 5 black
    /// pixels at the top edge and 5 at the bottom: 10.
    @Test func theBorderIsFivePixelsInsideTheBounds() throws {
        let picture = try Picture("borders")
        let y = 150
        for x in Array(40...44) + Array(235...239) {
            #expect(Self.close(picture.rgb(x, y), Self.black, within: 2), "x = \(x)")
        }
        for x in [45, 234] { #expect(Self.close(picture.rgb(x, y), Self.white, within: 2), "x = \(x)") }
        for x in [39, 240] { #expect(Self.close(picture.rgb(x, y), Self.window, within: 1), "x = \(x)") }
        let column = (50..<250).filter { Self.close(picture.rgb(140, $0), Self.black, within: 2) }
        #expect(column == Array(50...54) + Array(245...249))
    }

    /// Listing 6.6: red to blue from the top-left to the bottom-right of a
    /// 200-point square at (20, 20); a pixel centre (x, y) is at
    /// t = ((x − 20) + (y − 20)) / 400 along the axis, coloured
    /// (255 (1 − t), 0, 255 t).
    @Test func theDiagonalGradientIsLinearAlongItsAxis() throws {
        let picture = try Picture("gradient")
        for (x, y) in [(119, 119), (120, 120), (60, 80), (200, 170)] {
            let t = (Double(x) + 0.5 - 20 + Double(y) + 0.5 - 20) / 400
            #expect(Self.close(picture.rgb(x, y), (255 * (1 - t), 0, 255 * t), within: 2), "(\(x), \(y))")
        }
    }

    /// Listing 6.7: red, yellow, green at 0, 0.25, 0.5 — at t = 0.125 halfway
    /// from red to yellow, (255, 127.5, 0); from t = 0.5 on, green.
    @Test func theMultiStopGradientPutsItsColoursAtTheirLocations() throws {
        let picture = try Picture("gradient-locations")
        // Pixel (44, 44) has its centre at 24.5 + 24.5 = 49 along x + y: t = 0.1225.
        let t = (44.5 - 20 + 44.5 - 20) / 400
        #expect(Self.close(picture.rgb(44, 44), (255, 255 * t / 0.25, 0), within: 2))
        #expect(Self.close(picture.rgb(150, 150), (0, 255, 0), within: 1))
        #expect(Self.close(picture.rgb(210, 60), (0, 255, 0), within: 1))
    }

    /// Listing 6.8: copy k is the square turned k·π/5 about a point 200
    /// points below the replicator's centre — here (280, 280) — with blue
    /// and green lowered by 0.1 k. Copy 0 is white at (280, 80); copy 5,
    /// half a turn on, is (255, 127.5, 127.5) at (280, 480).
    @Test func theReplicatorsCopiesCircleAndRedden() throws {
        let picture = try Picture("replicator")
        #expect(Self.close(picture.rgb(280, 80), Self.white, within: 1))
        #expect(Self.close(picture.rgb(280, 480), (255, 127.5, 127.5), within: 2))
        for k in 1..<10 {
            let angle = Double(k) * .pi / 5
            // y down: turning (0, −200) clockwise on the screen by the angle.
            let (x, y) = (280 + 200 * sin(angle), 280 - 200 * cos(angle))
            let level = 255 * (1 - 0.1 * Double(k))
            #expect(Self.close(picture.rgb(Int(x), Int(y)), (255, level, level), within: 2), "copy \(k)")
        }
    }

    /// Figure 4.17: magnified 20 times by `.nearest`, every 20-pixel block
    /// of the 8-pixel image is one colour; by `.linear` the blocks blend.
    @Test func nearestKeepsPixelsAsBlocksAndLinearBlendsThem() throws {
        let picture = try Picture("magnification-filters")
        func uniformBlocks(viewX: Int) -> Int {
            var uniform = 0
            for row in 0..<8 {
                for column in 0..<8 {
                    let first = picture.rgb(viewX + 20 * column, 20 + 20 * row)
                    let same = (0..<20).allSatisfy { dy in
                        (0..<20).allSatisfy { dx in picture.rgb(viewX + 20 * column + dx, 20 + 20 * row + dy) == first }
                    }
                    if same { uniform += 1 }
                }
            }
            return uniform
        }
        #expect(uniformBlocks(viewX: 230) == 64)
        #expect(uniformBlocks(viewX: 30) < 64)
    }

    /// Listing 5.1: a 150-point square centred at (120, 160) turned 45°: its
    /// top vertex is at y = 160 − 75√2 ≈ 53.9. Just inside is the white
    /// view, just outside the window; the unturned corner (45, 85) is the
    /// window.
    @Test func theRotatedViewsVertexIsWhereTheRotationPutsIt() throws {
        let picture = try Picture("affine-transforms")
        let top = 160 - 75 * 2.0.squareRoot()
        #expect(Self.close(picture.rgb(119, Int(top + 4)), Self.white, within: 2))
        #expect(Self.close(picture.rgb(119, Int(top - 3)), Self.window, within: 1))
        #expect(Self.close(picture.rgb(48, 88), Self.window, within: 1))
    }

    /// Listing 3.3: where the views overlap, the red one (later in order) is
    /// in front, until the green one's zPosition of 1.
    @Test func zPositionBringsTheGreenViewForward() throws {
        let picture = try Picture("z-position")
        #expect(Self.close(picture.rgb(110, 110), (255, 0, 0), within: 1))
        #expect(Self.close(picture.rgb(340, 110), (0, 255, 0), within: 1))
    }

    /// Listing 5.10: a face's lighting layer is black at opacity
    /// 1 + n·l − 0.5 (clamped), l the light (0, 1, −0.5) normalised, n the
    /// face's normal. Face 1 faces the viewer, n = (0, 0, 1): 0.0528, so
    /// its red label is 255 × 0.9472 = 241.5; face 2 faces +x, n·l = 0:
    /// its green label is halved, 127.5; face 3 is on top, n = (0, −1, 0)
    /// in y-down space, n·l = −0.894: no shadow, its blue label stays 255.
    @Test func theCubesFacesAreLitByTheAngleToTheLight() throws {
        let picture = try Picture("lit-cube")
        let light = (x: 0.0, y: 1.0, z: -0.5)
        let length = (light.x * light.x + light.y * light.y + light.z * light.z).squareRoot()
        /// What is left of the label's colour under the face's lighting layer.
        func shade(_ n: (x: Double, y: Double, z: Double)) -> Double {
            let dot = (n.x * light.x + n.y * light.y + n.z * light.z) / length
            return 1 - min(max(1 + dot - 0.5, 0), 1)
        }
        let labels = [
            (255 * shade((0, 0, 1)), 0.0, 0.0), (0.0, 255 * shade((1, 0, 0)), 0.0), (0.0, 0.0, 255 * shade((0, -1, 0))),
        ]
        #expect(abs(labels[0].0 - 241.5) < 0.1 && abs(labels[1].1 - 127.5) < 0.1 && labels[2].2 == 255)
        for label in labels {
            var count = 0
            for y in 0..<picture.height {
                for x in 0..<picture.width where Self.close(picture.rgb(x, y), label, within: 1.5) { count += 1 }
            }
            // A 100-point label seen at an angle still covers thousands of pixels.
            #expect(count > 2000, "\(label): \(count) pixels")
        }
    }

    /// Listing 6.12: the delegate draws each 256-pixel tile in its own call,
    /// outlined 2 pixels inside its clip, darker when its column + row is
    /// even. Scrolled to (804, 273) in a view at (20, 20), the seam between
    /// tiles (3, 1) and (4, 1) at x = 1024 is at canvas x = 240: columns
    /// 238–239 are tile 3's outline (0.55 × 255 = 140.25), 240–241 tile 4's
    /// (0.75 × 255 = 191.25).
    @Test func eachTileIsDrawnInItsOwnClip() throws {
        let picture = try Picture("tiled-layer")
        for y in [40, 100] {
            for x in [238, 239] { #expect(Self.close(picture.rgb(x, y), (140.25, 140.25, 140.25), within: 1.5), "(\(x), \(y))") }
            for x in [240, 241] { #expect(Self.close(picture.rgb(x, y), (191.25, 191.25, 191.25), within: 1.5), "(\(x), \(y))") }
        }
    }

    /// Listing 5.7: the inner view's −45° about z undoes the outer view's
    /// +45°, so the 100-point inner square centred at (150, 150) is upright:
    /// its corner pixels are its blue (0.2, 0.5, 0.9), and just outside its
    /// top edge is the outer view's white (inside the outer diamond,
    /// |dx| + |dy| ≤ 100√2).
    @Test func oppositeRotationsAboutZCancel() throws {
        let picture = try Picture("flattening")
        for (x, y) in [(101, 101), (198, 101), (101, 198), (198, 198)] {
            #expect(Self.close(picture.rgb(x, y), (51, 127.5, 229.5), within: 2), "(\(x), \(y))")
        }
        for (x, y) in [(150, 98), (98, 150)] { #expect(Self.close(picture.rgb(x, y), Self.white, within: 2), "(\(x), \(y))") }
    }
}
