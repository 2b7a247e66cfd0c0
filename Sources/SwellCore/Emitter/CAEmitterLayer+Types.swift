/// Where particles are born: a point, line, rectangle, cuboid, circle or
/// sphere built from the emitter layer's `emitterPosition`,
/// `emitterZPosition`, `emitterSize` and `emitterDepth` (Apple's "Emitter
/// Shape"; see docs/emitter.md#shapes).
public struct CAEmitterLayerEmitterShape: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The point (`emitterPosition`, `emitterZPosition`).
    public static let point = Self(rawValue: "point")
    /// A line along x, `emitterSize.width` long, centred on the position.
    public static let line = Self(rawValue: "line")
    /// A rectangle of `emitterSize` centred on the position, at `emitterZPosition`.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of `emitterSize` × `emitterDepth` centred on the position.
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` in the xy plane.
    public static let circle = Self(rawValue: "circle")
    /// A sphere of radius `emitterSize.width`.
    public static let sphere = Self(rawValue: "sphere")

    public static let allCases: [Self] = [.point, .line, .rectangle, .cuboid, .circle, .sphere]
}

/// Which part of the emitter shape particles are born on (Apple's "Emitter
/// Modes").
public struct CAEmitterLayerEmitterMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The shape's corners — its centre for a point, circle or sphere.
    public static let points = Self(rawValue: "points")
    /// The shape's outline: a line, a rectangle's perimeter, a cuboid's
    /// edges, a circle, a sphere's equator.
    public static let outline = Self(rawValue: "outline")
    /// The shape's surface: a rectangle's or a disc's area, a cuboid's
    /// faces, a sphere's surface.
    public static let surface = Self(rawValue: "surface")
    /// The shape's inside: a cuboid's or a ball's volume; for flat shapes,
    /// the surface.
    public static let volume = Self(rawValue: "volume")

    public static let allCases: [Self] = [.points, .outline, .surface, .volume]
}

/// The order and blending a renderer draws particles with (Apple's
/// "Emitter Render Order"); ``CAEmitterParticleSystem/particles(atLayerTime:)``
/// returns them in the drawing order.
public struct CAEmitterLayerRenderMode: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No particular order: Swell's is cell by cell, oldest first.
    public static let unordered = Self(rawValue: "unordered")
    /// The oldest particles are drawn first, under younger ones.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The oldest particles are drawn last, over younger ones.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Sorted by depth, the farthest (lowest z) drawn first.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Source-over is replaced by addition: overlapping particles brighten.
    public static let additive = Self(rawValue: "additive")

    public static let allCases: [Self] = [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive]
}
