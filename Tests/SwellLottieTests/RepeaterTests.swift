import Foundation
import SwellCore
import Testing
@testable import SwellLottie

/// A repeater's copies: copy k transformed `offset + k` times (After
/// Effects: each part of the transform n times for copy n), faded from the
/// start opacity to the end one.
@Suite struct RepeaterTests {
    /// A rectangle and its fill.
    static let square = #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}, "#
        + #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

    /// A document of one shape layer whose one group holds `items`.
    static func document(_ items: String) -> [UInt8] {
        Array(#"""
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
              {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [{"ty": "gr", "it": [\#(items)]}]}]}
            """#.utf8)
    }

    static func animation(_ items: String) throws -> LottieAnimation {
        try LottieAnimation(bytes: document(items), file: "test.json", directory: URL(fileURLWithPath: "/"))
    }

    /// The items of the group, read.
    static func shapes(_ items: String) throws -> [LottieShape] {
        guard case .shapes(let layerItems) = try animation(items).root.layers.first?.content,
              case .group(let shapes, _) = layerItems.first else { throw Missing() }
        return shapes
    }

    /// A repeater read from its JSON.
    static func repeater(_ json: String) throws -> LottieRepeater {
        guard case .repeater(let repeater) = try shapes(json).first else { throw Missing() }
        return repeater
    }

    struct Missing: Error {}

    @Test func withoutPositionCopyKIsTheStepsMatrixPower() throws {
        let rp = try Self.repeater(#"{"ty": "rp", "c": {"a": 0, "k": 5}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"a": {"a": 0, "k": [7, -3]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [80, 80]}, "r": {"a": 0, "k": 25}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#)
        // One step: T(a)·R(r)·S(s)·T(−a).
        let step = CGAffineTransform(translationX: -7, y: 3).concatenating(CGAffineTransform(scaleX: 0.8, y: 0.8))
            .concatenating(CGAffineTransform(rotationAngle: 25 * .pi / 180)).concatenating(CGAffineTransform(translationX: 7, y: -3))
        var power = CGAffineTransform.identity
        for k in 0..<5 {
            let copy = ShapeBuilder.copyTransform(rp, copy: k, at: 0)
            for (m, n) in zip([copy.a, copy.b, copy.c, copy.d, copy.tx, copy.ty],
                              [power.a, power.b, power.c, power.d, power.tx, power.ty]) {
                #expect(abs(m - n) < 1e-12)
            }
            power = power.concatenating(step)
        }
    }

    @Test func thePositionAddsUpWhileTheRestTurnsAndScalesAboutTheAnchor() throws {
        let rp = try Self.repeater(#"{"ty": "rp", "c": {"a": 0, "k": 4}, "o": {"a": 0, "k": 0.5}, "m": 1, "tr": {"a": {"a": 0, "k": [2, 1]}, "p": {"a": 0, "k": [10, 4]}, "s": {"a": 0, "k": [50, 200]}, "r": {"a": 0, "k": 30}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#)
        for k in 0..<4 {
            let n = 0.5 + Double(k)
            let copy = ShapeBuilder.copyTransform(rp, copy: k, at: 0)
            // The anchor moves by n times the position…
            #expect(near(CGPoint(x: 2, y: 1).applying(copy), CGPoint(x: 2 + 10 * n, y: 1 + 4 * n), 1e-12))
            // …and a unit step from it turns by n·30° and then scales by
            // 0.5ⁿ and 2ⁿ.
            let angle = n * 30 * .pi / 180
            let moved = CGPoint(x: 3, y: 1).applying(copy) - CGPoint(x: 2 + 10 * n, y: 1 + 4 * n)
            #expect(near(moved, CGPoint(x: cos(angle) * pow(0.5, n), y: sin(angle) * pow(2, n)), 1e-12))
        }
    }

    @Test func opacityRunsFromTheStartOpacityOfTheFirstCopyToTheEndOneOfTheLast() throws {
        let rp = try Self.repeater(#"{"ty": "rp", "c": {"a": 1, "k": [{"t": 0, "s": [4], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [2]}]}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 40}}}"#)
        #expect((0..<4).map { ShapeBuilder.copyOpacity(rp, copy: $0, at: 0) } == [1, 0.8, 0.6, 0.4])
        // 2.5 copies at frame 7.5 are 3, as lottie-web counts them; the
        // fourth is gone.
        let opacities = (0..<4).map { ShapeBuilder.copyOpacity(rp, copy: $0, at: 7.5) }
        for (o, e) in zip(opacities, [1, 0.7, 0.4, 0]) { #expect(abs(o - e) < 1e-12) }
    }

    @Test(arguments: [1, 2])
    func eachCopyIsALayerStackedBelowOrAboveTheOneBefore(mode: Int) throws {
        let shapes = try Self.shapes(Self.square + ", " + #"{"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": \#(mode), "tr": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [12, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#)
        let group = CALayer()
        ShapeBuilder(animator: Animator(frameRate: 30, timeline: .direct)).build(shapes, in: group)
        let copies = try #require(group.sublayers)
        #expect(copies.count == 3)
        // Bottom first: with "m" 1 the first copy is on top.
        let shifts = copies.map { $0.transform.m41 }
        #expect(shifts == (mode == 1 ? [24, 12, 0] : [0, 12, 24]))
        for copy in copies { #expect(copy.sublayers?.first is CAShapeLayer) }
    }

    @Test func repeatersAndPathModifiersAreReadWithoutWarnings() throws {
        var warnings: [String] = []
        for type in ["rp", "zz", "pb", "op", "mm", "tw"] {
            warnings += try Self.animation(Self.square + ", " + #"{"ty": "\#(type)"}"#).unsupportedFeatures
        }
        #expect(warnings == [#"merge paths ("ty": "mm")"#, #"twist ("ty": "tw")"#])
    }
}
