import Foundation
import SwellCore
import SwellLottie
import Testing
import TestSupport

/// Keyframes become what the layers present at each time, checked against
/// values computed independently (``ClosedForms``): eased opacity, a hold,
/// a position along its spatial Bézier by arc length (docs/lottie.md#keyframes).
@Suite("Lottie keyframes against closed forms")
struct KeyframeTests {
    static let frameRate = 30.0

    /// Opacity eases from 0 to 100 over frames 0–30, holds to frame 45,
    /// then steps to 40. Position moves from (10, 80) to (90, 20) along
    /// the Bézier through its tangents over frames 0–30, eased: then ends
    /// there ("glide"), or holds there to frame 50 and steps to (50, 50)
    /// ("move"); "hop" holds at (50, 50) to frame 10, then steps to the
    /// path and takes it over frames 10–40.
    static let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "layers": [
          {"ty": 3, "ind": 1, "nm": "fade", "ip": 0, "op": 60, "st": 0, "ks": {
            "o": {"a": 1, "k": [
              {"t": 0, "s": [0], "o": {"x": [0.7], "y": [0.1]}, "i": {"x": [0.2], "y": [1]}},
              {"t": 30, "s": [100], "h": 1},
              {"t": 45, "s": [40]}]}}},
          {"ty": 3, "ind": 2, "nm": "move", "ip": 0, "op": 60, "st": 0, "ks": {
            "p": {"a": 1, "k": [
              {"t": 0, "s": [10, 80], "o": {"x": 0.25, "y": 0.1}, "i": {"x": 0.25, "y": 1},
               "to": [40, -70], "ti": [-30, -50]},
              {"t": 30, "s": [90, 20], "h": 1},
              {"t": 50, "s": [50, 50]}]}}},
          {"ty": 3, "ind": 3, "nm": "glide", "ip": 0, "op": 60, "st": 0, "ks": {
            "p": {"a": 1, "k": [
              {"t": 0, "s": [10, 80], "o": {"x": 0.25, "y": 0.1}, "i": {"x": 0.25, "y": 1},
               "to": [40, -70], "ti": [-30, -50]},
              {"t": 30, "s": [90, 20]}]}}},
          {"ty": 3, "ind": 4, "nm": "hop", "ip": 0, "op": 60, "st": 0, "ks": {
            "p": {"a": 1, "k": [
              {"t": 0, "s": [50, 50], "h": 1},
              {"t": 10, "s": [10, 80], "o": {"x": 0.25, "y": 0.1}, "i": {"x": 0.25, "y": 1},
               "to": [40, -70], "ti": [-30, -50]},
              {"t": 40, "s": [90, 20]}]}}}
         ]}
        """

    static let opacityEase = ReferenceBezier(0.7, 0.1, 0.2, 1)
    static let positionEase = ReferenceBezier(0.25, 0.1, 0.25, 1)
    static let motionPath = [CGPoint(x: 10, y: 80), CGPoint(x: 50, y: 10), CGPoint(x: 60, y: -30), CGPoint(x: 90, y: 20)]

    static func stage() throws -> LottieStage {
        LottieStage(try ClosedForms.animation(json))
    }

    @Test("opacity follows the cubic ease, then holds, then steps", arguments: [
        0.0, 3, 7.5, 12, 15, 21, 27, 29.5, 30, 37, 44.9, 45, 52, 59,
    ])
    func opacity(frame: Double) throws {
        let expected: Double = switch frame {
        case ..<30: Self.opacityEase.value(at: frame / 30)
        case ..<45: 1
        default: 0.4
        }
        let layer = try #require(try Self.stage().presented("fade", atFrame: frame, frameRate: Self.frameRate))
        #expect(abs(Double(layer.opacity) - expected) < 1e-4, "frame \(frame): \(layer.opacity), expected \(expected)")
    }

    @Test("position moves along its spatial Bézier by arc length, eased", arguments: [
        0.0, 2, 5, 9, 13.5, 15, 18, 24, 28, 30,
    ])
    func motionPath(frame: Double) throws {
        let expected = ClosedForms.point(Self.motionPath, atArcFraction: Self.positionEase.value(at: frame / 30))
        let layer = try #require(try Self.stage().presented("glide", atFrame: frame, frameRate: Self.frameRate))
        let p = layer.position
        #expect(hypot(p.x - expected.x, p.y - expected.y) < 0.01,
                "frame \(frame): (\(p.x), \(p.y)), expected (\(expected.x), \(expected.y))")
    }

    @Test("a position that holds after its motion path keeps the path, then steps", arguments: [
        0.0, 5, 13.5, 24, 30, 40, 49.9, 50, 55,
    ])
    func motionPathThenHold(frame: Double) throws {
        let expected: CGPoint = switch frame {
        case ..<30: ClosedForms.point(Self.motionPath, atArcFraction: Self.positionEase.value(at: frame / 30))
        case ..<50: CGPoint(x: 90, y: 20)
        default: CGPoint(x: 50, y: 50)
        }
        let layer = try #require(try Self.stage().presented("move", atFrame: frame, frameRate: Self.frameRate))
        let p = layer.position
        #expect(hypot(p.x - expected.x, p.y - expected.y) < 0.01,
                "frame \(frame): (\(p.x), \(p.y)), expected (\(expected.x), \(expected.y))")
    }

    @Test("a position that holds, then steps onto its motion path", arguments: [
        0.0, 9.9, 10, 15, 23.5, 34, 39, 40, 50,
    ])
    func holdThenMotionPath(frame: Double) throws {
        let expected: CGPoint = switch frame {
        case ..<10: CGPoint(x: 50, y: 50)
        case ..<40: ClosedForms.point(Self.motionPath, atArcFraction: Self.positionEase.value(at: (frame - 10) / 30))
        default: CGPoint(x: 90, y: 20)
        }
        let layer = try #require(try Self.stage().presented("hop", atFrame: frame, frameRate: Self.frameRate))
        let p = layer.position
        #expect(hypot(p.x - expected.x, p.y - expected.y) < 0.01,
                "frame \(frame): (\(p.x), \(p.y)), expected (\(expected.x), \(expected.y))")
    }
}
