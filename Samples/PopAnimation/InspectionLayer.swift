import Foundation
import SwellCore

/// The `DRInspectionLayer` of objc.io's "View-Layer Synergy": a layer that
/// prints every animation added to it before adding it, so that what an
/// action or an animation API builds can be seen.
final class InspectionLayer: CALayer {
    override func add(_ anim: CAAnimation, forKey key: String?) {
        print("adding animation: \(anim.inspectionDescription)")
        super.add(anim, forKey: key)
    }
}
