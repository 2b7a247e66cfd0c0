import Foundation
import CCairo
import SwellCore

/// A layer's contents and its kind's own drawing (Apple's CALayer
/// reference, "Providing the Layer's Content": `contents`,
/// `contentsGravity`, `contentsRect`, `contentsCenter`, `contentsScale`,
/// `minificationFilter`, `magnificationFilter`).
extension Compositor {
    /// The kind's drawing and the contents, in the kind's order.
    func drawContents(_ index: Int, _ state: LayerState, on cr: OpaquePointer, alpha: Double) {
        let record = records[index]
        let drawer = drawers.drawer(for: record)
        guard drawer != nil || hasContents(record) else { return }
        let context = LayerDrawingContext(cairo: cr, alpha: alpha, drawers: drawers, caches: caches)
        let layer = drawer.map { _ in presented(index, state) }
        if let drawer, let layer, drawer.placement == .underContents { drawer.draw(layer, in: context) }
        switch shownContents(index, state) {
        case (.drawing(let recording)?, let state): drawRecording(recording, state, in: context)
        case (.bitmap(let bitmap)?, let state): drawBitmap(bitmap, state, in: context)
        case (nil, _): break
        }
        if let drawer, let layer, drawer.placement == .overContents { drawer.draw(layer, in: context) }
    }

    /// Whether the layer shows contents: its `contents`, or a video.
    func hasContents(_ record: LayerRecord) -> Bool {
        record.contents != nil || record.renderState is any VideoFrameSource
    }

    /// What a layer shows as its contents, as the compositor draws it.
    enum ShownContents {
        /// A bitmap: an image, or a video's frame.
        case bitmap(Bitmap)
        /// A `CGContext` recording.
        case drawing(CGContext.Recording)
    }

    /// A bitmap's size in pixels, and its pixels as a surface, made only
    /// when it is drawn: where a layer's subtree paints needs only the size.
    struct Bitmap {
        let width: Int
        let height: Int
        let surface: () -> ImageSurface?
    }

    /// What the layer shows as its contents, and the state placing it: its
    /// `contents`, or a ``VideoLayer``'s frame at the layer's local time,
    /// placed by the presented `videoGravity` as `contentsGravity` places
    /// an image (AVPlayerLayer's `videoRect`), converted when drawn
    /// (``VideoPictureCache``).
    func shownContents(_ index: Int, _ state: LayerState) -> (contents: ShownContents?, state: LayerState) {
        let record = records[index]
        guard let video = record.renderState as? any VideoFrameSource else {
            switch record.contents {
            case .image(let image)?:
                return (.bitmap(Bitmap(width: image.width, height: image.height) { ImageSurface(image) }), state)
            case .drawing(let recording)?: return (.drawing(recording), state)
            case nil: return (nil, state)
            }
        }
        let layer = presented(index, state)
        var placed = state
        placed.contentsGravity = (layer.value(forKey: "videoGravity") as? AVLayerVideoGravity ?? .resizeAspect)
            .contentsGravity
        guard let frame = video.frame(atTime: layer.localTime) else { return (nil, placed) }
        let pictures = caches.videoPictures
        return (.bitmap(Bitmap(width: frame.width, height: frame.height) { pictures.surface(of: frame, from: video) }),
                placed)
    }

    /// A recording fills the bounds as a bitmap of its size would with
    /// `contentsGravity` resize: `contentsRect` (unit coordinates of the
    /// recording) is stretched over the bounds, and nothing shows outside
    /// them.
    private func drawRecording(_ recording: CGContext.Recording, _ state: LayerState, in context: LayerDrawingContext) {
        let (size, part, bounds) = (recording.size, state.contentsRect, state.bounds)
        guard size.width > 0, size.height > 0, part.width > 0, part.height > 0 else { return }
        let cr = context.cairo
        cairo_save(cr)
        cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        cairo_clip(cr)
        cairo_translate(cr, bounds.minX, bounds.minY)
        cairo_scale(cr, bounds.width / (part.width * size.width), bounds.height / (part.height * size.height))
        cairo_translate(cr, -part.minX * size.width, -part.minY * size.height)
        DisplayListReplay.replay(recording, in: context)
        cairo_restore(cr)
    }

    /// A bitmap: the part `contentsRect` selects, `contentsScale` pixels a
    /// point, placed by `contentsGravity` — not clipped to the bounds, as
    /// in Core Animation, unless `masksToBounds` is set — and stretched by
    /// `contentsCenter`: outside that rectangle the edges keep their size
    /// (shrunk together when the place is smaller than they are), and only
    /// the centre stretches.
    private func drawBitmap(_ bitmap: Bitmap, _ state: LayerState, in context: LayerDrawingContext) {
        guard let (source, natural, place) = placement(of: bitmap, state), let surface = bitmap.surface() else { return }
        let center = state.contentsCenter
        let xs = NinePart(source: (source.minX, source.width), place: (place.minX, place.width),
                          natural: natural.width, center: (center.minX, center.maxX))
        let ys = NinePart(source: (source.minY, source.height), place: (place.minY, place.height),
                          natural: natural.height, center: (center.minY, center.maxY))
        let cr = context.cairo
        for i in 0..<3 {
            for j in 0..<3 {
                let (sx, sw, dx, dw) = xs.cell(i), (sy, sh, dy, dh) = ys.cell(j)
                guard sw > 0, sh > 0, dw > 0, dh > 0 else { continue }
                cairo_save(cr)
                cairo_rectangle(cr, dx, dy, dw, dh)
                cairo_clip(cr)
                cairo_translate(cr, dx, dy)
                cairo_scale(cr, dw / sw, dh / sh)
                cairo_translate(cr, -sx, -sy)
                cairo_set_source_surface(cr, surface.pointer, 0, 0)
                let pattern = cairo_get_source(cr)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(pattern, filter(for: state, on: cr))
                cairo_paint_with_alpha(cr, context.alpha)
                cairo_restore(cr)
            }
        }
    }

    /// The part of `bitmap` shown (in its pixels), its size in points, and
    /// where `contentsGravity` places it in the layer; nil when nothing
    /// shows.
    func placement(of bitmap: Bitmap, _ state: LayerState) -> (source: CGRect, natural: CGSize, place: CGRect)? {
        let part = state.contentsRect
        let (width, height) = (CGFloat(bitmap.width), CGFloat(bitmap.height))
        let source = CGRect(x: part.minX * width, y: part.minY * height, width: part.width * width,
                            height: part.height * height)
        guard source.width > 0, source.height > 0 else { return nil }
        let scale = state.contentsScale > 0 ? state.contentsScale : 1
        let natural = CGSize(width: source.width / scale, height: source.height / scale)
        let place = state.contentsGravity.rect(forContentsOfSize: natural, in: state.bounds)
        guard place.width > 0, place.height > 0 else { return nil }
        return (source, natural, place)
    }

    /// `magnificationFilter` where an image pixel covers more than a device
    /// pixel, `minificationFilter` where less; `.nearest` samples the
    /// closest pixel, `.linear` interpolates, `.trilinear` averages.
    private func filter(for state: LayerState, on cr: OpaquePointer) -> cairo_filter_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let pixelsPerImagePixel = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        switch pixelsPerImagePixel >= 1 ? state.magnificationFilter : state.minificationFilter {
        case .nearest: return CAIRO_FILTER_NEAREST
        case .trilinear: return CAIRO_FILTER_GOOD
        default: return CAIRO_FILTER_BILINEAR
        }
    }
}

/// One axis of `contentsCenter`'s nine-part stretch: where the three
/// columns (or rows) come from in the image and go to in the layer.
private struct NinePart {
    /// The four edges of the three parts, in image pixels and in points.
    let source: [CGFloat], place: [CGFloat]

    init(source: (origin: CGFloat, length: CGFloat), place: (origin: CGFloat, length: CGFloat),
         natural: CGFloat, center: (min: CGFloat, max: CGFloat)) {
        let low = min(max(center.min, 0), 1), high = max(min(max(center.max, 0), 1), low)
        self.source = [source.origin, source.origin + low * source.length, source.origin + high * source.length,
                       source.origin + source.length]
        var (head, tail) = (low * natural, (1 - high) * natural)
        if head + tail > place.length {
            let shrink = place.length / (head + tail)
            (head, tail) = (head * shrink, tail * shrink)
        }
        self.place = [place.origin, place.origin + head, place.origin + place.length - tail,
                      place.origin + place.length]
    }

    /// Part `i`'s origin and length in the image, then in the layer.
    func cell(_ i: Int) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        (source[i], source[i + 1] - source[i], place[i], place[i + 1] - place[i])
    }
}
