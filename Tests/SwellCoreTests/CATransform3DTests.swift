import Foundation
import TestSupport
import Testing
@testable import SwellCore

@Suite("CATransform3D matrices and functions")
struct CATransform3DTests {
    /// Maps (x, y, z) as the row vector [x y z 1] and divides by w, written
    /// out here rather than taken from the code under test.
    func map(_ p: SIMD3<Double>, _ t: CATransform3D) -> SIMD3<Double> {
        let e = t.entries
        let x = p.x * e[0] + p.y * e[4] + p.z * e[8] + e[12]
        let y = p.x * e[1] + p.y * e[5] + p.z * e[9] + e[13]
        let z = p.x * e[2] + p.y * e[6] + p.z * e[10] + e[14]
        let w = p.x * e[3] + p.y * e[7] + p.z * e[11] + e[15]
        return SIMD3(x, y, z) / w
    }

    func randomTransform(_ rng: inout SplitMix64) -> CATransform3D {
        var t = CATransform3D()
        withUnsafeMutableBytes(of: &t) { raw in
            let values = raw.bindMemory(to: CGFloat.self)
            for i in values.indices { values[i] = CGFloat(Double.random(in: -2...2, using: &rng)) }
        }
        return t
    }

    @Test func rotationAboutZIsApples() {
        let angle = 0.9
        let r = CATransform3DMakeRotation(angle, 0, 0, 1)
        var expected = CATransform3DIdentity
        (expected.m11, expected.m12, expected.m21, expected.m22) = (cos(angle), sin(angle), -sin(angle), cos(angle))
        #expect(r.largestDifference(from: expected) < 1e-16)
    }

    @Test func rotationsAboutXAndYAreApples() {
        let angle = -1.3
        var aboutX = CATransform3DIdentity
        (aboutX.m22, aboutX.m23, aboutX.m32, aboutX.m33) = (cos(angle), sin(angle), -sin(angle), cos(angle))
        #expect(CATransform3DMakeRotation(angle, 1, 0, 0).largestDifference(from: aboutX) < 1e-16)
        var aboutY = CATransform3DIdentity
        (aboutY.m11, aboutY.m13, aboutY.m31, aboutY.m33) = (cos(angle), -sin(angle), sin(angle), cos(angle))
        #expect(CATransform3DMakeRotation(angle, 0, 1, 0).largestDifference(from: aboutY) < 1e-16)
    }

    @Test func rotationAboutAnArbitraryAxisFollowsRodrigues() {
        // v cos θ + (n × v) sin θ + n (n · v)(1 − cos θ), with n the normalized axis.
        let axis = SIMD3<Double>(1, -2, 2), n = axis / 3
        let angle = 2.1
        let r = CATransform3DMakeRotation(angle, axis.x, axis.y, axis.z)
        let v = SIMD3<Double>(0.3, 1.7, -0.4)
        let nCrossV = SIMD3(n.y * v.z - n.z * v.y, n.z * v.x - n.x * v.z, n.x * v.y - n.y * v.x)
        let expected = v * cos(angle) + nCrossV * sin(angle) + n * (n * v).sum() * (1 - cos(angle))
        let mapped = map(v, r)
        #expect(((mapped - expected) * (mapped - expected)).sum().squareRoot() < 1e-15)
    }

    @Test func zeroAxisGivesIdentity() {
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(0.5, 0, 0, 0)))
    }

    @Test func operationsApplyBeforeTheTransform() {
        // CATransform3DTranslate(t, …) = translation · t: translate first, then t.
        let scaled = CATransform3DMakeScale(2, 3, 4)
        #expect(map([0, 0, 0], CATransform3DTranslate(scaled, 1, 1, 1)) == [2, 3, 4])
        let moved = CATransform3DMakeTranslation(10, 0, 0)
        #expect(map([1, 1, 1], CATransform3DScale(moved, 2, 2, 2)) == [12, 2, 2])
        let turned = CATransform3DRotate(moved, .pi / 2, 0, 0, 1)
        #expect(((map([1, 0, 0], turned) - [10, 1, 0]) * (map([1, 0, 0], turned) - [10, 1, 0])).sum() < 1e-30)
    }

    @Test func concatenationAppliesTheFirstMatrixFirst() {
        let a = CATransform3DMakeScale(2, 2, 2), b = CATransform3DMakeTranslation(5, 0, 0)
        #expect(map([1, 1, 1], CATransform3DConcat(a, b)) == [7, 2, 2])
        #expect(map([1, 1, 1], CATransform3DConcat(b, a)) == [12, 2, 2])
    }

    @Test func concatenationIsAssociative() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let (a, b, c) = (randomTransform(&rng), randomTransform(&rng), randomTransform(&rng))
            let left = CATransform3DConcat(CATransform3DConcat(a, b), c)
            let right = CATransform3DConcat(a, CATransform3DConcat(b, c))
            #expect(left.largestDifference(from: right) < 1e-12)
        }
    }

    @Test func inverseTimesMatrixIsIdentity() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let m = randomTransform(&rng)
            let inverse = CATransform3DInvert(m)
            #expect(CATransform3DConcat(m, inverse).largestDifference(from: CATransform3DIdentity) < 1e-10)
            #expect(CATransform3DConcat(inverse, m).largestDifference(from: CATransform3DIdentity) < 1e-10)
        }
        var perspective = CATransform3DMakeRotation(0.4, 0, 1, 0)
        perspective.m34 = -1.0 / 500
        let product = CATransform3DConcat(perspective, CATransform3DInvert(perspective))
        #expect(product.largestDifference(from: CATransform3DIdentity) < 1e-15)
    }

    @Test func singularMatricesAreReturnedUnchanged() {
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
        // Turned, then flattened: singular only up to rounding.
        let turnedFlat = CATransform3DScale(CATransform3DMakeRotation(0.3, 1, 1, 0), 1, 1, 0)
        #expect(CATransform3DInvert(turnedFlat) == turnedFlat)
        // A tiny but well-conditioned scale still inverts.
        let tiny = CATransform3DMakeScale(1e-6, 1e-6, 1e-6)
        #expect(CATransform3DInvert(tiny).largestDifference(from: CATransform3DMakeScale(1e6, 1e6, 1e6)) < 1e-6)
    }

    @Test func affineTransformsRoundTrip() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        #expect(t.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == affine)

        var perspective = t
        perspective.m34 = -0.002
        #expect(!CATransform3DIsAffine(perspective))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
    }

    @Test func concatenationAgreesWithAffineConcatenation() {
        let a = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: -1)
        let b = CGAffineTransform(scaleX: 2, y: -3).rotated(by: 1.1)
        let product3D = CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        let expected = CATransform3DMakeAffineTransform(a.concatenating(b))
        #expect(product3D.largestDifference(from: expected) < 1e-15)
    }

    @Test func equalityComparesEntries() {
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 3)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 4)))
        #expect(CATransform3D().entries.allSatisfy { $0 == 0 })
    }

    @Test func projectionDividesByW() {
        var t = CATransform3DMakeRotation(0.5, 0, 1, 0)
        t.m34 = -1.0 / 500
        let p = CGPoint(x: 40, y: -25)
        let expected = map([40, -25, 0], t)
        let projected = t.projection(of: p)
        #expect(projected.map { abs($0.x - expected.x) < 1e-12 && abs($0.y - expected.y) < 1e-12 } == true)
    }

    @Test func inverseProjectionFindsThePointOnTheLayerPlane() {
        var t = CATransform3DRotate(CATransform3DMakeTranslation(30, -10, 5), 0.7, 1, 2, 0.5)
        t.m34 = -1.0 / 800
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 120, y: -45), CGPoint(x: -60, y: 200)] {
            let onScreen = t.projection(of: p)
            let back = onScreen.flatMap { t.inverseProjection(of: $0) }
            #expect(back.map { $0.distance(from: p) < 1e-9 } == true)
        }
    }

    @Test func edgeOnPlaneHasNoInverseProjection() {
        let edgeOn = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(edgeOn.inverseProjection(of: CGPoint(x: 0, y: 3)) == nil)
    }

    @Test func pointsBehindTheEyeDoNotProject() {
        var t = CATransform3DIdentity
        t.m14 = -0.01  // w = 1 − x/100: zero at x = 100
        #expect(t.projection(of: CGPoint(x: 150, y: 0)) == nil)
        #expect(t.projection(of: CGPoint(x: 50, y: 0)) == CGPoint(x: 100, y: 0))
    }

    @Test func affineRectProjectionIsTheBoundingBox() {
        let affine = CGAffineTransform(rotationAngle: 0.6).scaledBy(x: 2, y: 0.5)
        let rect = CGRect(x: -3, y: 1, width: 8, height: 5)
        let projected = CATransform3DMakeAffineTransform(affine).projection(of: rect)
        let expected = rect.applying(affine)
        #expect(projected.map { abs($0.minX - expected.minX) + abs($0.maxY - expected.maxY) < 1e-12 } == true)
    }
}
