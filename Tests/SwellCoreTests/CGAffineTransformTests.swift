import Foundation
import Testing
@testable import SwellCore

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    @Test func rotationMatrixIsCosSinMinusSinCos() {
        let angle = 0.7
        let t = CGAffineTransform(rotationAngle: angle)
        #expect(t == CGAffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0))
    }

    @Test func pointsMapAsRowVectors() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        #expect(CGPoint(x: 1, y: 10).applying(t) == CGPoint(x: 2 + 50 + 11, y: 3 + 70 + 13))
        #expect(CGSize(width: 1, height: 10).applying(t) == CGSize(width: 52, height: 73))
    }

    @Test func quarterTurnTakesXToY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(p.distance(from: CGPoint(x: 0, y: 1)) < 1e-15)
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3), move = CGAffineTransform(translationX: 10, y: 20)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    }

    @Test func translatedByMovesInTheTransformedSpace() {
        // Rotate a quarter turn, then translate by (10, 0) in the rotated
        // space: the origin lands on (0, 10), as with CGAffineTransformTranslate.
        let t = CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 10, y: 0)
        #expect(CGPoint.zero.applying(t).distance(from: CGPoint(x: 0, y: 10)) < 1e-14)
        let s = CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 3, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(s) == CGPoint(x: 8, y: 3))
    }

    @Test func inverseUndoesTheTransform() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: -5)
        let p = CGPoint(x: 7, y: -2)
        #expect(p.applying(t).applying(t.inverted()).distance(from: p) < 1e-13)
        let product = t.concatenating(t.inverted())
        for (value, expected) in [(product.a, 1.0), (product.b, 0), (product.c, 0), (product.d, 1), (product.tx, 0), (product.ty, 0)] {
            #expect(abs(value - expected) < 1e-14)
        }
    }

    @Test func singularTransformInvertsToItself() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
        #expect(singular.inverted() == singular)
    }

    @Test func identityIsIdentity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-300).isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    @Test func rectMapsToTheBoundingBoxOfItsCorners() {
        // A 2×2 square at the origin turned by 45° spans ±√2 in x and 0…2√2 in y.
        let r = CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let root2 = 2.0.squareRoot()
        #expect(abs(r.minX + root2) < 1e-14 && abs(r.maxX - root2) < 1e-14)
        #expect(abs(r.minY) < 1e-14 && abs(r.maxY - 2 * root2) < 1e-14)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }
}
