import Foundation
import SwellCore

/// CALayer's visual properties of one layer, as presented in one frame.
///
/// Decoded once per snapshot from the record's model values (its defaults
/// are CALayer's, from Apple's CALayer reference); a frame then overwrites
/// only the animated keys, so a 10,000-layer tree does not look up twenty
/// dictionary entries per layer and frame.
struct LayerState {
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var opacity: Float = 1
    var isHidden = false
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: PathValue?
    var masksToBounds = false
    var isDoubleSided = true
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var contentsGravity = CALayerContentsGravity.resize
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var allowsGroupOpacity = true
    var isGeometryFlipped = false
    var compositingFilter: CACompositingFilter?
    var maskMode = CALayerMaskMode.alpha

    /// The keys ``apply(_:forKey:)`` understands.
    static let keys = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "shadowColor",
        "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "masksToBounds", "doubleSided",
        "contentsRect", "contentsCenter", "contentsScale", "contentsGravity",
        "minificationFilter", "magnificationFilter", "maskedCorners", "allowsGroupOpacity", "geometryFlipped",
        CACompositingFilter.layerKey, CALayerMaskMode.layerKey,
    ]

    init() {}

    /// The record's model values.
    init(model record: LayerRecord) {
        for key in Self.keys {
            if let value = record.modelValue(forKey: key) { apply(value, forKey: key) }
        }
    }

    /// Sets the property `key` to `value` when it has the property's type.
    mutating func apply(_ value: any Animatable, forKey key: String) {
        func set<T>(_ field: inout T) {
            if let typed = value as? T { field = typed }
        }
        switch key {
        case "bounds": set(&bounds)
        case "position": set(&position)
        case "zPosition": set(&zPosition)
        case "anchorPoint": set(&anchorPoint)
        case "anchorPointZ": set(&anchorPointZ)
        case "transform": set(&transform)
        case "sublayerTransform": set(&sublayerTransform)
        case "opacity": set(&opacity)
        case "hidden": set(&isHidden)
        case "backgroundColor": set(&backgroundColor)
        case "cornerRadius": set(&cornerRadius)
        case "borderWidth": set(&borderWidth)
        case "borderColor": set(&borderColor)
        case "shadowColor": set(&shadowColor)
        case "shadowOpacity": set(&shadowOpacity)
        case "shadowOffset": set(&shadowOffset)
        case "shadowRadius": set(&shadowRadius)
        case "shadowPath": set(&shadowPath)
        case "masksToBounds": set(&masksToBounds)
        case "doubleSided": set(&isDoubleSided)
        case "contentsRect": set(&contentsRect)
        case "contentsCenter": set(&contentsCenter)
        case "contentsScale": set(&contentsScale)
        case "contentsGravity": set(&contentsGravity)
        case "minificationFilter": set(&minificationFilter)
        case "magnificationFilter": set(&magnificationFilter)
        case "maskedCorners": set(&maskedCorners)
        case "allowsGroupOpacity": set(&allowsGroupOpacity)
        case "geometryFlipped": set(&isGeometryFlipped)
        case CACompositingFilter.layerKey: set(&compositingFilter)
        case CALayerMaskMode.layerKey: set(&maskMode)
        default: break
        }
    }

    /// Whether the layer casts a shadow at all.
    var castsShadow: Bool {
        shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0
    }

    /// The corner radius in effect: Core Animation clamps it to half the
    /// shorter side.
    var effectiveCornerRadius: CGFloat {
        max(0, min(cornerRadius, bounds.width / 2, bounds.height / 2))
    }
}
