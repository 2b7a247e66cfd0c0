import Foundation
import SwellCore
import Testing
@testable import SwellRender

/// Replicator copies at the places, colours and times the closed forms of
/// Apple's CAReplicatorLayer reference give; a transform layer's depth
/// order; a scroll layer's bounds origin.
@Suite struct ReplicatorAndTransformLayerTests {
    typealias F = RenderFixtures

    /// The bounding box of the pixels where `predicate` holds.
    static func box(_ frame: Frame, where predicate: (PremultipliedPixel) -> Bool) -> CGRect {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where predicate(frame.pixel(x: x, y: y)) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? .null : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Five copies of a 20-point square, 40 points apart, each a quarter
    /// less red: copy k covers x = 10 + 40k … 30 + 40k, red 255 (1 − k/4).
    @Test func copiesAreAtTheirPlacesInTheirColours() {
        let root = F.root(width: 200, height: 60)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        replicator.instanceRedOffset = -0.25
        replicator.addSublayer(F.layer(frame: CGRect(x: 10, y: 20, width: 20, height: 20), color: F.white))
        root.addSublayer(replicator)
        let frame = F.render(root)
        for k in 0..<5 {
            let red = 255 * (1 - Double(k) / 4)
            let pixel = frame.pixel(x: 20 + 40 * k, y: 30)
            #expect(abs(Double(pixel.red) - red) <= 1 && pixel.green == 255 && pixel.blue == 255)
            #expect(frame.pixel(x: 35 + 40 * k, y: 30) == .transparent)
        }
        #expect(frame.count { $0.alpha == 255 } == 5 * 400)
    }

    /// A square moving 100 points a second, copied three times 40 points
    /// down with instanceDelay 0.25: at t = 0.5, copy k is where the
    /// original was at 0.5 − 0.25k.
    @Test func instanceDelayShowsEachCopyEarlier() {
        let root = F.root(width: 200, height: 130)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.25
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 40, 0)
        let square = F.layer(frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: F.red)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 20, y: 20)
        move.toValue = CGPoint(x: 120, y: 20)
        move.duration = 1
        square.add(move, forKey: "move")
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        let (_, snapshot) = F.snapshot(of: root)
        let frame = Renderer().render(snapshot, at: 0.5, into: Canvas(width: 200, height: 130))
        for k in 0..<3 {
            let x = 20 + 100 * (0.5 - 0.25 * Double(k)) - 10
            let band = (0..<200).filter { frame.pixel(x: $0, y: 20 + 40 * k).alpha > 127 }
            #expect(band.first == Int(x) && band.count == 20)
        }
    }

    /// The second copy 20 points behind the first, overlapping it: drawn
    /// copy after copy it covers the first; with preservesDepth it is
    /// sorted behind.
    @Test(arguments: [false, true])
    func preservesDepthSortsTheCopies(preservesDepth: Bool) {
        let root = F.root(width: 100, height: 100)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 10, -20)
        replicator.instanceRedOffset = -1
        replicator.preservesDepth = preservesDepth
        replicator.addSublayer(F.layer(frame: CGRect(x: 20, y: 20, width: 40, height: 40), color: F.white))
        root.addSublayer(replicator)
        let overlap = F.render(root).pixel(x: 45, y: 45)
        #expect(overlap == (preservesDepth ? .opaque(255, 255, 255) : .opaque(0, 255, 255)))
    }

    /// Blue 10 points in front, red 10 behind, added in the opposite order,
    /// each inside a layer of its own. Plain layers flatten each into its
    /// wrapper, and the wrappers, both at depth 0, are drawn in order (red
    /// on top); transform layers keep both in one 3D space, sorted by depth
    /// (blue on top).
    @Test func aTransformLayerSortsItsSublayersByDepth() {
        func render(in kind: () -> CALayer) -> PremultipliedPixel {
            let root = F.root(width: 100, height: 100)
            let container = kind()
            container.frame = root.bounds
            let near = F.layer(frame: CGRect(x: 20, y: 20, width: 50, height: 50), color: F.blue)
            near.transform = CATransform3DMakeTranslation(0, 0, 10)
            let far = F.layer(frame: CGRect(x: 30, y: 30, width: 50, height: 50), color: F.red)
            far.transform = CATransform3DMakeTranslation(0, 0, -10)
            for layer in [near, far] {
                let wrapper = kind()
                wrapper.frame = root.bounds
                wrapper.addSublayer(layer)
                container.addSublayer(wrapper)
            }
            root.addSublayer(container)
            return F.render(root).pixel(x: 50, y: 50)
        }
        #expect(render(in: { CALayer() }) == .opaque(255, 0, 0))
        #expect(render(in: { CATransformLayer() }) == .opaque(0, 0, 255))
    }

    /// Turned 60° about y under perspective, a transform layer's child 30
    /// points in front keeps its 3D matrix instead of being flattened
    /// first.
    @Test func aTransformLayerComposesItsSublayersIn3D() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        let turn = CATransform3DRotate(perspective, .pi / 3, 0, 1, 0)
        let root = F.root(width: 120, height: 120)
        let transformLayer = CATransformLayer()
        transformLayer.frame = root.bounds
        transformLayer.transform = turn
        let child = F.layer(frame: CGRect(x: 30, y: 30, width: 60, height: 60), color: F.red)
        child.transform = CATransform3DMakeTranslation(0, 0, 30)
        transformLayer.addSublayer(child)
        root.addSublayer(transformLayer)

        // The reference: the same child in a plain layer whose
        // sublayerTransform is the turn, about the same centre: one 3D
        // product, flattened once.
        let reference = F.root(width: 120, height: 120)
        let container = CALayer()
        container.frame = reference.bounds
        container.sublayerTransform = turn
        let flat = F.layer(frame: CGRect(x: 30, y: 30, width: 60, height: 60), color: F.red)
        flat.transform = CATransform3DMakeTranslation(0, 0, 30)
        container.addSublayer(flat)
        reference.addSublayer(container)
        #expect(F.render(root).maximumDifference(from: F.render(reference)) <= 2)
    }

    @Test func aScrollLayerShowsItsBoundsOrigin() {
        let root = F.root(width: 100, height: 100)
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.addSublayer(F.layer(frame: CGRect(x: 50, y: 50, width: 20, height: 20), color: F.red))
        root.addSublayer(scroll)
        scroll.scroll(to: CGPoint(x: 30, y: 20))
        #expect(Self.box(F.render(root)) { $0.red > 127 } == CGRect(x: 20, y: 30, width: 20, height: 20))
    }
}
