import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Siblings drawn back to front by their depth in their superlayer's
/// space, as Core Animation sorts a layer's sublayers before flattening
/// them — the sibling-face cube of iOS Core Animation's listing 5.9.
@Suite struct SiblingDepthTests {
    typealias F = RenderFixtures

    /// Two 60-point squares over the same place, the blue one 50 points
    /// behind (z = −50), the red one 50 in front (z = +50) and later in
    /// order. Seen as they are, red is nearer and in front. With the
    /// container's sublayerTransform turning the scene by π about y, a
    /// point at z goes to −z: blue is then at +50, nearer, and in front
    /// though it comes first.
    @Test(arguments: [false, true])
    func theNearerSiblingIsInFront(turned: Bool) {
        let root = F.root(width: 100, height: 100)
        let container = F.layer(frame: root.bounds)
        let blue = F.layer(frame: CGRect(x: 20, y: 20, width: 60, height: 60), color: F.blue)
        blue.transform = CATransform3DMakeTranslation(0, 0, -50)
        let red = F.layer(frame: CGRect(x: 20, y: 20, width: 60, height: 60), color: F.red)
        red.transform = CATransform3DMakeTranslation(0, 0, 50)
        container.addSublayer(blue)
        container.addSublayer(red)
        if turned { container.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
        root.addSublayer(container)
        #expect(F.render(root).pixel(x: 50, y: 50) == (turned ? .opaque(0, 0, 255) : .opaque(255, 0, 0)))
    }
}
