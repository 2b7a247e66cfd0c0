import Foundation
import TestSupport
import Testing
@testable import SwellCore

@Suite("CATransform3D decomposition, interpolation and components")
struct CATransform3DAnimatableTests {
    func rotationZ(_ angle: Double) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 0, 1) }

    /// A random product of translations, rotations about random axes and
    /// positive scales, each applied in the transform's own space.
    func randomComposition(_ rng: inout SplitMix64) -> CATransform3D {
        var t = CATransform3DIdentity
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                t = CATransform3DTranslate(
                    t, .random(in: -300...300, using: &rng), .random(in: -300...300, using: &rng),
                    .random(in: -50...50, using: &rng))
            case 1:
                t = CATransform3DRotate(
                    t, .random(in: -.pi...(.pi), using: &rng), .random(in: -1...1, using: &rng),
                    .random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng))
            default:
                t = CATransform3DScale(
                    t, .random(in: 0.2...4, using: &rng), .random(in: 0.2...4, using: &rng),
                    .random(in: 0.2...4, using: &rng))
            }
        }
        return t
    }

    // MARK: Decomposition

    @Test func decompositionRecomposesRandomCompositions() throws {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<200 {
            let t = randomComposition(&rng)
            let parts = try #require(DecomposedTransform(t))
            let scale = max(1, t.entries.map(abs).max()!)
            #expect(parts.transform.largestDifference(from: t) < 1e-9 * scale)
        }
    }

    @Test func decompositionRecomposesPerspectiveAndReflections() throws {
        var perspective = CATransform3DRotate(CATransform3DMakeTranslation(20, 30, 0), 0.8, 0, 1, 0)
        perspective.m34 = -1.0 / 500
        let mirrored = CATransform3DRotate(CATransform3DMakeScale(-1, 2, 1), 0.4, 0, 0, 1)
        for t in [perspective, mirrored] {
            let parts = try #require(DecomposedTransform(t))
            #expect(parts.transform.largestDifference(from: t) < 1e-12)
        }
    }

    @Test func decompositionFindsTheKnownParts() throws {
        // Scale first, then rotate about z, then translate.
        let angle = 0.6
        let t = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), rotationZ(angle)),
            CATransform3DMakeTranslation(10, 20, 30))
        let parts = try #require(DecomposedTransform(t))
        #expect(abs(parts.scale.x - 2) < 1e-14 && abs(parts.scale.y - 3) < 1e-14 && abs(parts.scale.z - 4) < 1e-14)
        #expect(parts.translation == [10, 20, 30])
        #expect(abs(parts.eulerAngles.z - angle) < 1e-14)
        #expect(parts.skew == .zero)
    }

    @Test func zeroScaleDecomposes() throws {
        let collapsed = CATransform3DMakeScale(0, 0, 1)
        let parts = try #require(DecomposedTransform(collapsed))
        #expect(parts.transform == collapsed)
        // So a layer can grow from nothing: halfway is half size.
        let half = collapsed.interpolated(to: CATransform3DIdentity, fraction: 0.5)
        #expect(half.largestDifference(from: CATransform3DMakeScale(0.5, 0.5, 1)) < 1e-15)
    }

    @Test func undecomposableMatricesSwitchHalfway() {
        var noW = CATransform3DIdentity
        noW.m44 = 0
        #expect(DecomposedTransform(noW) == nil)
        #expect(noW.interpolated(to: CATransform3DIdentity, fraction: 0.49) == noW)
        #expect(noW.interpolated(to: CATransform3DIdentity, fraction: 0.5) == CATransform3DIdentity)
        #expect(noW.distance(to: CATransform3DIdentity) == 1)
        #expect(noW.distance(to: noW) == 0)
        var infinite = CATransform3DIdentity
        infinite.m12 = .infinity
        #expect(DecomposedTransform(infinite) == nil)
        var parallelRows = CATransform3DIdentity
        (parallelRows.m21, parallelRows.m22) = (1, 0)  // the y row repeats the x row
        #expect(DecomposedTransform(parallelRows) == nil)
    }

    // MARK: Interpolation

    @Test func rotationsAboutZInterpolateByAngle() {
        for (from, to, fraction) in [(0.3, 1.2, 0.4), (-2.0, 1.0, 0.75), (0.0, 3.0, 0.1), (1.0, 1.0 + 1e-7, 0.5)] {
            let value = rotationZ(from).interpolated(to: rotationZ(to), fraction: fraction)
            #expect(value.largestDifference(from: rotationZ(from + (to - from) * fraction)) < 1e-12)
        }
    }

    @Test func rotationTakesTheShorterWay() {
        // 0 → 270° is 0 → −90° the short way round: halfway is −45°.
        let value = CATransform3DIdentity.interpolated(to: rotationZ(1.5 * .pi), fraction: 0.5)
        #expect(value.largestDifference(from: rotationZ(-.pi / 4)) < 1e-12)
    }

    @Test func translationAndScaleInterpolateLinearly() {
        let a = CATransform3DConcat(CATransform3DMakeScale(1, 2, 1), CATransform3DMakeTranslation(0, 10, 0))
        let b = CATransform3DConcat(CATransform3DMakeScale(3, 2, 1), CATransform3DMakeTranslation(100, 30, -8))
        let expected = CATransform3DConcat(CATransform3DMakeScale(2.5, 2, 1), CATransform3DMakeTranslation(75, 25, -6))
        #expect(a.interpolated(to: b, fraction: 0.75).largestDifference(from: expected) < 1e-13)
    }

    @Test func endpointsAreExact() {
        var rng = SplitMix64(seed: 5)
        let a = randomComposition(&rng), b = randomComposition(&rng)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
    }

    @Test func affineTransformsInterpolateThroughTheDecomposition() {
        let from = CGAffineTransform(translationX: 10, y: 0)
        let to = CGAffineTransform(translationX: 30, y: 40).rotated(by: .pi / 2)
        let mid = from.interpolated(to: to, fraction: 0.5)
        // Rotation by π/4, translation (20, 20): not the entry-wise average.
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        let expected = [c, s, -s, c, 20, 20]
        let actual = [mid.a, mid.b, mid.c, mid.d, mid.tx, mid.ty].map { Double($0) }
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    // MARK: Arithmetic

    @Test func addingAppliesTheAddedTransformInTheLayersOwnSpace() {
        let model = CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), 0.5, 0, 0, 1)
        let added = model.adding(CATransform3DMakeTranslation(3, 4, 5))
        #expect(added.largestDifference(from: CATransform3DTranslate(model, 3, 4, 5)) < 1e-14)
        let back = added.subtracting(CATransform3DMakeTranslation(3, 4, 5))
        #expect(back.largestDifference(from: model) < 1e-13)
        #expect(model.adding(.zero) == model)
    }

    @Test func scalingRepeatsSimpleTransforms() {
        #expect(rotationZ(0.4).scaled(by: 3).largestDifference(from: rotationZ(1.2)) < 1e-14)
        #expect(CATransform3DMakeTranslation(1, 2, 3).scaled(by: 2.5) == CATransform3DMakeTranslation(2.5, 5, 7.5))
        #expect(CATransform3DMakeScale(2, 3, 1).scaled(by: 2).largestDifference(from: CATransform3DMakeScale(4, 9, 1)) < 1e-14)
        #expect(rotationZ(0.4).scaled(by: 0) == CATransform3DIdentity)
    }

    @Test func distanceMeasuresTravelAndTurn() {
        #expect(abs(rotationZ(0.2).distance(to: rotationZ(1.1)) - 0.9) < 1e-14)
        let a = CATransform3DMakeTranslation(1, 2, 3), b = CATransform3DMakeTranslation(4, 6, 3)
        #expect(abs(a.distance(to: b) - 5) < 1e-14)
        #expect(a.distance(to: b) == b.distance(to: a))
        #expect(a.distance(to: a) == 0)
    }

    // MARK: Components

    @Test func componentNamesAreApplesKeyValueCodingExtensions() {
        #expect(Set(CATransform3D.components.keys) == [
            "rotation.x", "rotation.y", "rotation.z", "rotation",
            "scale.x", "scale.y", "scale.z", "scale",
            "translation.x", "translation.y", "translation.z", "translation",
        ])
    }

    @Test func settingARotationOnTheIdentityIsExactlyThatRotation() throws {
        let angle = 1.234
        let z = try #require(CATransform3D.components["rotation.z"])
        let set = z.setting(CGFloat(angle), in: CATransform3DIdentity)
        #expect(set.largestDifference(from: CATransform3DMakeRotation(angle, 0, 0, 1)) < 1e-12)
        let plain = try #require(CATransform3D.components["rotation"])
        #expect(plain.setting(CGFloat(angle), in: CATransform3DIdentity) == set)
        let x = try #require(CATransform3D.components["rotation.x"])
        #expect(x.setting(CGFloat(-angle), in: CATransform3DIdentity)
            .largestDifference(from: CATransform3DMakeRotation(-angle, 1, 0, 0)) < 1e-12)
        let y = try #require(CATransform3D.components["rotation.y"])
        #expect(y.setting(CGFloat(0.5), in: CATransform3DIdentity)
            .largestDifference(from: CATransform3DMakeRotation(0.5, 0, 1, 0)) < 1e-12)
    }

    @Test func rotationsReadBackWhatWasSet() throws {
        let (x, y, z) = try (
            #require(CATransform3D.components["rotation.x"]), #require(CATransform3D.components["rotation.y"]),
            #require(CATransform3D.components["rotation.z"]))
        var t = CATransform3DIdentity
        t = x.setting(CGFloat(0.3), in: t)
        t = y.setting(CGFloat(-0.7), in: t)
        t = z.setting(CGFloat(2.0), in: t)
        // x first, then y, then z: Rx · Ry · Rz.
        let expected = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(-0.7, 0, 1, 0)),
            CATransform3DMakeRotation(2.0, 0, 0, 1))
        #expect(t.largestDifference(from: expected) < 1e-12)
        let read = [x, y, z].map { Double($0.reading(CGFloat.self, in: t) ?? .nan) }
        #expect(zip(read, [0.3, -0.7, 2.0]).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test func settingOneFieldKeepsTheOthers() throws {
        let model = CATransform3DTranslate(CATransform3DMakeRotation(0.8, 0, 0, 1), 10, 20, 0)
        let tx = try #require(CATransform3D.components["translation.x"])
        let moved = tx.setting(CGFloat(5), in: model)
        #expect(moved.m41 == 5)
        #expect(abs(moved.m42 - model.m42) < 1e-12)
        let z = try #require(CATransform3D.components["rotation.z"])
        #expect(abs(Double(z.reading(CGFloat.self, in: moved) ?? 0) - 0.8) < 1e-12)
        let turned = z.setting(CGFloat(-0.2), in: model)
        #expect(abs(turned.m41 - model.m41) < 1e-12 && abs(turned.m42 - model.m42) < 1e-12)
    }

    @Test func scaleAndTranslationComponents() throws {
        let t = CATransform3DConcat(CATransform3DMakeScale(1, 2, 6), CATransform3DMakeTranslation(7, 8, 9))
        let scale = try #require(CATransform3D.components["scale"])
        #expect(scale.reading(CGFloat.self, in: t).map { abs($0 - 3) < 1e-14 } == true)
        #expect(scale.setting(CGFloat(2), in: CATransform3DIdentity) == CATransform3DMakeScale(2, 2, 2))
        let scaleY = try #require(CATransform3D.components["scale.y"])
        #expect(scaleY.reading(CGFloat.self, in: t).map { abs($0 - 2) < 1e-14 } == true)
        let translation = try #require(CATransform3D.components["translation"])
        #expect(translation.reading(CGSize.self, in: t) == CGSize(width: 7, height: 8))
        #expect(translation.setting(CGSize(width: 1, height: 2), in: CATransform3DIdentity) == CATransform3DMakeTranslation(1, 2, 0))
    }
}
