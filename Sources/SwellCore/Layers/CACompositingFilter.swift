/// How a layer is composited with what is beneath it — the value of
/// ``CALayer/compositingFilter`` (docs/render.md#blending).
///
/// On Apple's platforms `compositingFilter` takes a Core Image filter, or
/// its name: `layer.compositingFilter = "multiplyBlendMode"`. The name is
/// kept as it was given, so the property reads back the string set. It is
/// read without Core Image's `CI` prefix and with its first letter in
/// either case — `"CIMultiplyBlendMode"`, `"MultiplyBlendMode"` and
/// `"multiplyBlendMode"` name one filter (``filter``). The blend modes are
/// those of the W3C's Compositing and Blending Level 1, which Core Image's
/// filters of the same names implement; a name that is none of these is
/// kept and the layer is drawn normally, as Core Animation draws a layer
/// whose filter it cannot apply.
public struct CACompositingFilter: CAStringConstant {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's key: ``CALayer/compositingFilter``.
    public static let layerKey = "compositingFilter"

    public static let multiplyBlendMode = Self(rawValue: "multiplyBlendMode")
    public static let screenBlendMode = Self(rawValue: "screenBlendMode")
    public static let overlayBlendMode = Self(rawValue: "overlayBlendMode")
    public static let darkenBlendMode = Self(rawValue: "darkenBlendMode")
    public static let lightenBlendMode = Self(rawValue: "lightenBlendMode")
    public static let colorDodgeBlendMode = Self(rawValue: "colorDodgeBlendMode")
    public static let colorBurnBlendMode = Self(rawValue: "colorBurnBlendMode")
    public static let hardLightBlendMode = Self(rawValue: "hardLightBlendMode")
    public static let softLightBlendMode = Self(rawValue: "softLightBlendMode")
    public static let differenceBlendMode = Self(rawValue: "differenceBlendMode")
    public static let exclusionBlendMode = Self(rawValue: "exclusionBlendMode")
    public static let hueBlendMode = Self(rawValue: "hueBlendMode")
    public static let saturationBlendMode = Self(rawValue: "saturationBlendMode")
    public static let colorBlendMode = Self(rawValue: "colorBlendMode")
    public static let luminosityBlendMode = Self(rawValue: "luminosityBlendMode")
    /// The layer's colours added to what is beneath, each clamped to 1.
    public static let additionCompositing = Self(rawValue: "additionCompositing")
    /// Source over: the layer drawn normally.
    public static let sourceOverCompositing = Self(rawValue: "sourceOverCompositing")
    /// Porter and Duff's source in: the layer where there is something
    /// beneath it, and nothing else — what is beneath is replaced.
    public static let sourceInCompositing = Self(rawValue: "sourceInCompositing")
    /// Source out: the layer where there is nothing beneath it, and nothing
    /// else — the inverse of what is beneath, in the layer's colours.
    public static let sourceOutCompositing = Self(rawValue: "sourceOutCompositing")
    /// Source atop: the layer over what is beneath, only where that is.
    public static let sourceAtopCompositing = Self(rawValue: "sourceAtopCompositing")

    public static let allCases: [Self] = [
        .multiplyBlendMode, .screenBlendMode, .overlayBlendMode, .darkenBlendMode, .lightenBlendMode,
        .colorDodgeBlendMode, .colorBurnBlendMode, .hardLightBlendMode, .softLightBlendMode, .differenceBlendMode,
        .exclusionBlendMode, .hueBlendMode, .saturationBlendMode, .colorBlendMode, .luminosityBlendMode,
        .additionCompositing, .sourceOverCompositing, .sourceInCompositing, .sourceOutCompositing,
        .sourceAtopCompositing,
    ]

    /// The filter this name spells, in the spelling of ``allCases``: the
    /// name without a `CI` prefix, its first letter lowercased. Nil for a
    /// name that is no filter of these.
    public var filter: Self? {
        let name = rawValue.hasPrefix("CI") ? rawValue.dropFirst(2) : Substring(rawValue)
        guard let first = name.first else { return nil }
        let spelled = first.lowercased() + name.dropFirst()
        return Self.allCases.first { $0.rawValue == spelled }
    }

    /// A filter by any of its spellings (``filter``), kept as written; a
    /// script's misspelt name is refused with the names there are.
    public init?(valueNamed name: String) {
        guard Self(rawValue: name).filter != nil else { return nil }
        self.init(rawValue: name)
    }
}
