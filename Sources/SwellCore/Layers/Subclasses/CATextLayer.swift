import Foundation

/// A layer that draws text — Core Animation's `CATextLayer`: plain text in
/// one font, size and colour, or an attributed string with its own per run
/// (the rich-text example of "iOS Core Animation: Advanced Techniques",
/// chapter 6).
///
/// The text is laid out in the bounds — wrapped or not, truncated, aligned —
/// and drawn under the layer's `contents`, at `contentsScale` pixels per
/// point. Defaults and animatable keys are those of Apple's `CATextLayer`
/// reference. Render hosts receive `string` and `font` as ``Text`` (the
/// layer's `renderState`), the other properties by key (docs/layers.md).
open class CATextLayer: CALayer {
    /// The text: a `String` or an `NSAttributedString` (copied, as Apple's
    /// `copy` property is); nil by default.
    open var string: Any? {
        get { storedString }
        set {
            storedString = (newValue as? NSAttributedString)?.copy() ?? newValue
            text = Text(content: Self.content(of: storedString), fontName: text.fontName)
            setNeedsCommit()
        }
    }

    /// The font of plain text: a font name (`String`) or a ``CTFont``, whose
    /// size is unused — `fontSize` sets the size. Helvetica by default.
    open var font: Any? {
        get { storedFont }
        set {
            storedFont = newValue
            text = Text(content: text.content, fontName: Self.fontName(of: newValue))
            setNeedsCommit()
        }
    }

    /// The point size of plain text. Animatable; 36 by default.
    @Dynamic("fontSize", .implicit) public var fontSize: CGFloat = 36
    /// The colour of plain text. Animatable; opaque white by default.
    @Dynamic("foregroundColor", .implicit) public var foregroundColor: CGColor? = CGColor.white
    /// Whether lines wrap at the bounds' width; false by default.
    @Dynamic("wrapped") public var isWrapped = false
    /// How a line too long for the bounds is shortened; `.none` by default.
    @Dynamic("truncationMode") public var truncationMode: CATextLayerTruncationMode = .none
    /// How lines are aligned in the bounds; `.natural` by default.
    @Dynamic("alignmentMode") public var alignmentMode: CATextLayerAlignmentMode = .natural
    /// Whether glyphs are placed at whole subpixel positions (a hint for
    /// the rasterizer); false by default.
    @Dynamic("allowsFontSubpixelQuantization", .none) public var allowsFontSubpixelQuantization = false

    private var storedString: Any?
    private var storedFont: Any? = "Helvetica"
    /// `string` and `font` as published, updated when either is set.
    private var text = Text(content: nil, fontName: "Helvetica")

    public override init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        storedString = other.storedString
        storedFont = other.storedFont
        text = other.text
    }

    /// The text and font name, as ``Text``.
    open override var renderState: (any Sendable)? {
        text
    }

    /// Key-value coding reaches `string` and `font`, whose values are not
    /// animatable ones.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case LayerProperty.string.key: string
        case LayerProperty.font.key: font
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case LayerProperty.string.key: string = value
        case LayerProperty.font.key: font = value
        default: super.setValue(value, forKey: key)
        }
    }

    override class var objectProperties: [LayerProperty] {
        super.objectProperties + [LayerProperty.string, LayerProperty.font]
    }
}

extension LayerProperty {
    /// A text layer's `string`: its text.
    static let string = LayerProperty(PropertyDeclaration("string", .none), kind: .text, defaultValue: nil)
    /// A text layer's `font`, by name.
    static let font = LayerProperty(PropertyDeclaration("font", .none), kind: .fontName, defaultValue: nil)
}
