/// How a layer's contents are placed in its bounds (QuartzCore's
/// `CALayerContentsGravity`).
public struct CALayerContentsGravity: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")

    public static let allCases: [Self] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
}

/// The filter used to scale a layer's contents (`CALayerContentsFilter`).
public struct CALayerContentsFilter: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let nearest = Self(rawValue: "nearest")
    public static let linear = Self(rawValue: "linear")
    public static let trilinear = Self(rawValue: "trilinear")

    public static let allCases: [Self] = [.nearest, .linear, .trilinear]
}

/// The corners that `cornerRadius` rounds (`CACornerMask`).
public struct CACornerMask: NamedOptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = Self(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = Self(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = Self(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = Self(rawValue: 1 << 3)

    public static let namedMembers: KeyValuePairs<String, Self> = [
        "layerMinXMinYCorner": .layerMinXMinYCorner, "layerMaxXMinYCorner": .layerMaxXMinYCorner,
        "layerMinXMaxYCorner": .layerMinXMaxYCorner, "layerMaxXMaxYCorner": .layerMaxXMaxYCorner,
    ]
}

/// The edges of a layer that are antialiased (`CAEdgeAntialiasingMask`).
public struct CAEdgeAntialiasingMask: NamedOptionSet {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let layerLeftEdge = Self(rawValue: 1 << 0)
    public static let layerRightEdge = Self(rawValue: 1 << 1)
    public static let layerBottomEdge = Self(rawValue: 1 << 2)
    public static let layerTopEdge = Self(rawValue: 1 << 3)

    public static let namedMembers: KeyValuePairs<String, Self> = [
        "layerLeftEdge": .layerLeftEdge, "layerRightEdge": .layerRightEdge, "layerBottomEdge": .layerBottomEdge,
        "layerTopEdge": .layerTopEdge,
    ]
}

/// The curve of a layer's rounded corners (`CALayerCornerCurve`).
public struct CALayerCornerCurve: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let circular = Self(rawValue: "circular")
    public static let continuous = Self(rawValue: "continuous")

    public static let allCases: [Self] = [.circular, .continuous]
}

/// The pixel format of a layer's contents (`CALayerContentsFormat`).
public struct CALayerContentsFormat: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let RGBA8Uint = Self(rawValue: "RGBA8")
    public static let RGBA16Float = Self(rawValue: "RGBAh")
    public static let gray8Uint = Self(rawValue: "Gray8")

    public static let allCases: [Self] = [.RGBA8Uint, .RGBA16Float, .gray8Uint]
}
