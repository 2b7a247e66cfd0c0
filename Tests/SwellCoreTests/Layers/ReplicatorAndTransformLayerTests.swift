import Foundation
import Testing
@testable import SwellCore

/// CAReplicatorLayer's instances against the closed form of Apple's
/// definition (instance k: `instanceTransform` k times about the centre,
/// colour plus k offsets, k × `instanceDelay` later), on the ring of
/// "iOS Core Animation: Advanced Techniques", listing 6.8; and
/// CATransformLayer's hit testing.
@Suite struct ReplicatorAndTransformLayerTests {
    @Test func defaultsAreApples() {
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1 && replicator.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform))
        #expect(replicator.instanceColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect([replicator.instanceRedOffset, replicator.instanceGreenOffset,
                 replicator.instanceBlueOffset, replicator.instanceAlphaOffset] == [0, 0, 0, 0])
        #expect(!replicator.preservesDepth)
        #expect(replicator.instances.count == 1)
    }

    @Test func instanceKIsTheTransformKTimesAboutTheCentre() {
        // Listing 6.8: ten instances, each 200 down, turned by π/5, 200 up.
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: 300, height: 400)
        replicator.instanceCount = 10
        var step = CATransform3DIdentity
        step = CATransform3DTranslate(step, 0, 200, 0)
        step = CATransform3DRotate(step, .pi / 5, 0, 0, 1)
        step = CATransform3DTranslate(step, 0, -200, 0)
        replicator.instanceTransform = step
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        let instances = replicator.instances
        #expect(instances.map(\.index) == Array(0..<10))
        // The step moves up 200, turns by π/5 and moves back down: a turn
        // about (0, 200) in the centre's frame, i.e. about c + (0, 200) =
        // (150, 400) in the layer's. k steps turn a point by kπ/5 about it
        // (x' = x cos − y sin, y' = x sin + y cos, Core Graphics' rotation).
        let pivot = CGPoint(x: 150, y: 400), p = CGPoint(x: 150, y: 200)
        for instance in instances {
            let angle = CGFloat(instance.index) * .pi / 5
            let expected = CGPoint(x: pivot.x + (p.x - pivot.x) * cos(angle) - (p.y - pivot.y) * sin(angle),
                                   y: pivot.y + (p.x - pivot.x) * sin(angle) + (p.y - pivot.y) * cos(angle))
            let mapped = instance.transform.projection(of: p)!
            #expect(close(mapped.x, expected.x, 1e-9) && close(mapped.y, expected.y, 1e-9))
            let fade = max(1 - 0.1 * Double(instance.index), 0)
            let components = instance.color.components!
            #expect(close(components[0], 1) && close(components[1], fade, 1e-6) && close(components[2], fade, 1e-6))
        }
    }

    @Test func aRendererComputesTheSameInstancesFromTheRecord() {
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: 50, height: 80)
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceRedOffset = -0.25
        replicator.instanceDelay = 0.1
        let record = LayerStage(replicator).record()
        #expect(record.layerClass is CAReplicatorLayer.Type)
        #expect(CAReplicatorLayer.instances { record.modelValue(forKey: $0) } == replicator.instances)
        #expect(replicator.instances.last?.transform == CATransform3DMakeTranslation(30, 0, 0))
        #expect(replicator.instances.last?.timeOffset == -0.30000000000000004) // −3 × 0.1
    }

    @Test func coloursClampAndNoInstancesForACountBelowOne() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceColor = nil
        replicator.instanceAlphaOffset = -0.75
        #expect(replicator.instances.map(\.color.alpha) == [1, 0.25, 0])
        replicator.instanceCount = -2
        #expect(replicator.instances.isEmpty)
    }

    @Test func instanceKSeesItsSublayersKDelaysEarlier() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.25
        let child = CALayer()
        child.beginTime = 1 // in the replicator's time: local = parent − 1
        replicator.addSublayer(child)
        let stage = LayerStage(replicator)
        let snapshot = stage.host.latestSnapshot!
        let r = snapshot.index(ofSerial: replicator.serial)!, c = snapshot.index(ofSerial: child.serial)!
        for instance in replicator.instances {
            let time = snapshot.localTime(ofLayerAt: c, hostTime: 2, shiftingChildren: [r: instance.timeOffset])
            #expect(close(time, 2 - 1 - 0.25 * CGFloat(instance.index)))
        }
        #expect(snapshot.localTime(ofLayerAt: c, hostTime: 2, shiftingChildren: [:]) == 1)
    }

    @Test func instanceCountAnimatesImplicitlyInWholeSteps() {
        let stage = LayerStage(CAReplicatorLayer())
        stage.layer.instanceCount = 5
        stage.layer.instanceDelay = 1
        CATransaction.flush()
        // 1 + 4·0.3 = 2.2 → 2; 1 + 4·0.4 = 2.6 → 3.
        #expect(stage.presented("instanceCount", at: 0.075, as: Int.self) == 2)
        #expect(stage.presented("instanceCount", at: 0.1, as: Int.self) == 3)
        #expect(stage.presented("instanceDelay", at: 0.1, as: Double.self) == 0.4)
        let presented = stage.layer.presentation()!
        #expect(presented.instances.count == 3)
    }

    @Test func aTransformLayerIsNeverHitButItsSublayersAre() {
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.position = CGPoint(x: 50, y: 50)
        let face = CALayer()
        face.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        cube.addSublayer(face)
        #expect(cube.hitTest(CGPoint(x: 10, y: 10)) === face)
        #expect(cube.hitTest(CGPoint(x: 80, y: 80)) == nil)
    }
}
