import Foundation
import SwellCore

// The few GLKit vector calls listing 5.10 makes, so that it reads as
// written. GLKMatrix4 has CATransform3D's layout (m11 … m44, row by row
// as Core Animation names them); GLKMatrix3MultiplyVector3 multiplies a
// column vector by GLKit's column-major matrix, which is the row vector
// times Core Animation's matrix.

struct GLKVector3 {
    var x: CGFloat, y: CGFloat, z: CGFloat
}

/// The upper-left 3 × 3 of a transform: its rotation and scale.
struct GLKMatrix3 {
    var rows: [[CGFloat]]
}

func GLKVector3Make(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> GLKVector3 {
    GLKVector3(x: x, y: y, z: z)
}

func GLKVector3Normalize(_ v: GLKVector3) -> GLKVector3 {
    let length = (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
    return GLKVector3(x: v.x / length, y: v.y / length, z: v.z / length)
}

func GLKVector3DotProduct(_ a: GLKVector3, _ b: GLKVector3) -> CGFloat {
    a.x * b.x + a.y * b.y + a.z * b.z
}

func GLKMatrix4GetMatrix3(_ m: CATransform3D) -> GLKMatrix3 {
    GLKMatrix3(rows: [[m.m11, m.m12, m.m13], [m.m21, m.m22, m.m23], [m.m31, m.m32, m.m33]])
}

func GLKMatrix3MultiplyVector3(_ m: GLKMatrix3, _ v: GLKVector3) -> GLKVector3 {
    let r = m.rows
    return GLKVector3(x: v.x * r[0][0] + v.y * r[1][0] + v.z * r[2][0],
                      y: v.x * r[0][1] + v.y * r[1][1] + v.z * r[2][1],
                      z: v.x * r[0][2] + v.y * r[1][2] + v.z * r[2][2])
}
