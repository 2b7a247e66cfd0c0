import Foundation

extension CAReplicatorLayer {
    /// One copy of a replicator's sublayers, as a renderer draws it.
    public struct Instance: Sendable, Equatable {
        /// k: 0 for the original.
        public let index: Int
        /// Applied to the sublayers in the replicator's coordinates, after
        /// their own geometry: `instanceTransform` k times, about the centre
        /// of the replicator's bounds.
        public let transform: CATransform3D
        /// The colour the copy's pixels are multiplied by: `instanceColor`
        /// plus k times the offsets, each component clamped to 0…1.
        public let color: CGColor
        /// −k × `instanceDelay`: the copy's sublayers see the replicator's
        /// local time shifted by this (see
        /// ``RenderSnapshot/localTime(ofLayerAt:hostTime:shiftingChildren:)``).
        public let timeOffset: CFTimeInterval
    }

    /// The copies that a replicator's values make, for a renderer that has
    /// its record: `presentedValue` gives the presented value of a key
    /// (`bounds`, `instanceCount`, `instanceTransform`…), and a key it has
    /// no value for takes Apple's default.
    public static func instances(presentedValue: (String) -> (any Animatable)?) -> [Instance] {
        func value<Value>(_ key: String, _ fallback: Value) -> Value {
            presentedValue(key).flatMap { $0 as? Value } ?? fallback
        }
        let bounds: CGRect = value("bounds", .zero)
        let offsets = SIMD4<Double>(Double(value("instanceRedOffset", Float(0))), Double(value("instanceGreenOffset", Float(0))),
                                    Double(value("instanceBlueOffset", Float(0))), Double(value("instanceAlphaOffset", Float(0))))
        let base = (value("instanceColor", CGColor?.some(.white)) ?? .white).components!.map(Double.init)
        let delay: CFTimeInterval = value("instanceDelay", 0)

        // Conjugating by the move to the centre commutes with powers:
        // (C⁻¹·T·C)^k = C⁻¹·T^k·C.
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let step = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-centre.x, -centre.y, 0),
                                value("instanceTransform", CATransform3DIdentity)),
            CATransform3DMakeTranslation(centre.x, centre.y, 0))

        var instances: [Instance] = []
        var transform = CATransform3DIdentity
        for k in 0..<max(value("instanceCount", 1), 0) {
            let rgba = (0..<4).map { min(max(base[$0] + Double(k) * offsets[$0], 0), 1) }
            instances.append(Instance(index: k, transform: transform,
                                      color: CGColor(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3]),
                                      timeOffset: -Double(k) * delay))
            transform = CATransform3DConcat(transform, step)
        }
        return instances
    }

    /// The copies the layer's model values make.
    public var instances: [Instance] {
        Self.instances { self.value(forKey: $0) as? any Animatable }
    }
}
