import Foundation
import SwellCore
import SwellRender

/// All the figures on one page, each under its caption — itself a layer
/// tree: every written PNG read back with `CGImage(contentsOfFile:)` as a
/// layer's `contents`, fitted into its cell, and a `CATextLayer` caption.
struct ContactSheet {
    static let columns = 6
    static let cellWidth = 250
    static let imageHeight = 160
    static let captionHeight = 26
    static let titleHeight = 44

    /// The sections' PNGs, in `directory`, as one picture.
    static func render(_ sections: [GallerySection], from directory: URL, renderer: Renderer) throws -> Frame {
        let rows = (sections.count + columns - 1) / columns
        let cellHeight = imageHeight + captionHeight
        let width = columns * cellWidth
        let height = titleHeight + rows * cellHeight + 10
        return try renderLayerTree(width: width, height: height, background: .white, renderer: renderer) { root in
            let title = CATextLayer()
            title.frame = CGRect(x: 0, y: 10, width: width, height: titleHeight - 10)
            title.string = "LayerGallery — the CALayer guide's figures, drawn by SwellRender"
            title.fontSize = 20
            title.foregroundColor = CGColor(gray: 0.15, alpha: 1)
            title.alignmentMode = .center
            root.addSublayer(title)

            for (index, section) in sections.enumerated() {
                let cell = CGRect(x: index % columns * cellWidth, y: titleHeight + index / columns * cellHeight,
                                  width: cellWidth, height: cellHeight)
                let thumbnail = CALayer()
                thumbnail.frame = CGRect(x: cell.minX + 8, y: cell.minY, width: cell.width - 16, height: CGFloat(imageHeight))
                thumbnail.contents = try CGImage(contentsOfFile: directory.appendingPathComponent("\(section.name).png").path)
                thumbnail.contentsGravity = .resizeAspect
                thumbnail.minificationFilter = .trilinear
                root.addSublayer(thumbnail)

                let caption = CATextLayer()
                caption.frame = CGRect(x: cell.minX, y: cell.minY + CGFloat(imageHeight) + 4, width: cell.width,
                                       height: CGFloat(captionHeight - 4))
                caption.string = section.caption
                caption.fontSize = 13
                caption.foregroundColor = CGColor(gray: 0.2, alpha: 1)
                caption.alignmentMode = .center
                caption.truncationMode = .end
                root.addSublayer(caption)
            }
        }
    }
}
