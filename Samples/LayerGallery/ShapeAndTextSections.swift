import Foundation
import SwellCore

// The guide's CAShapeLayer and CATextLayer listings.

/// The text of listings 6.2–6.3.
let loremIpsum = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, "
    + "facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc elementum, libero ut "
    + "porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus. Etiam suscipit pretium nunc sit "
    + "amet lobortis"

extension GallerySection {
    /// Listing 6.1, figure 6.1: a stick figure — a head, a body, legs and
    /// arms — as one path stroked by a shape layer, 5 points wide with round
    /// joins and caps.
    static var stickFigure: GallerySection {
        GallerySection(name: "shape-stick-figure", caption: "CAShapeLayer stick figure", width: 300, height: 280) { view in
            let containerView = galleryView(CGRect(x: 0, y: 10, width: 300, height: 260), in: view)
            // create path
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 175, y: 100))
            path.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            path.move(to: CGPoint(x: 150, y: 125))
            path.addLine(to: CGPoint(x: 150, y: 175))
            path.addLine(to: CGPoint(x: 125, y: 225))
            path.move(to: CGPoint(x: 150, y: 175))
            path.addLine(to: CGPoint(x: 175, y: 225))
            path.move(to: CGPoint(x: 100, y: 150))
            path.addLine(to: CGPoint(x: 200, y: 150))
            // create shape layer
            let shapeLayer = CAShapeLayer()
            shapeLayer.strokeColor = GalleryColor.red
            shapeLayer.fillColor = CGColor.clear
            shapeLayer.lineWidth = 5
            shapeLayer.lineJoin = .round
            shapeLayer.lineCap = .round
            shapeLayer.path = path
            // add it to our view
            containerView.addSublayer(shapeLayer)
        }
    }

    /// Section 6.1.2: a rectangle with three rounded corners — top right,
    /// bottom right, bottom left — and one square, the path UIKit's
    /// `bezierPathWithRoundedRect:byRoundingCorners:cornerRadii:` makes,
    /// filled by a shape layer.
    static var roundedCorners: GallerySection {
        GallerySection(name: "shape-rounded-corners", caption: "per-corner rounding", width: 200, height: 200) { view in
            // define path parameters
            let rect = CGRect(x: 50, y: 50, width: 100, height: 100)
            let radius: CGFloat = 20
            // create path: the top-left corner square, the others rounded
            let path = CGMutablePath()
            path.move(to: CGPoint(x: rect.minX, y: rect.minY))
            path.addArc(center: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius,
                        startAngle: -.pi / 2, endAngle: 0, clockwise: false)
            path.addArc(center: CGPoint(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius,
                        startAngle: 0, endAngle: .pi / 2, clockwise: false)
            path.addArc(center: CGPoint(x: rect.minX + radius, y: rect.maxY - radius), radius: radius,
                        startAngle: .pi / 2, endAngle: .pi, clockwise: false)
            path.closeSubpath()
            let shapeLayer = CAShapeLayer()
            shapeLayer.path = path
            shapeLayer.fillColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            view.addSublayer(shapeLayer)
        }
    }

    /// Listing 6.2, figure 6.3: a text layer standing in for a label,
    /// justified and wrapped, black Helvetica at 15 points.
    static var text: GallerySection {
        GallerySection(name: "text", caption: "CATextLayer", width: 280, height: 330) { view in
            let labelView = galleryView(CGRect(x: 30, y: 30, width: 220, height: 270), in: view)
            // create a text layer
            let textLayer = CATextLayer()
            textLayer.frame = labelView.bounds
            labelView.addSublayer(textLayer)
            // set text attributes
            textLayer.foregroundColor = GalleryColor.black
            textLayer.alignmentMode = .justified
            textLayer.isWrapped = true
            // choose a font
            let font = CTFontCreateWithName("Helvetica", 15, nil)
            // set layer font
            textLayer.font = font
            textLayer.fontSize = CTFontGetSize(font)
            // set layer text
            textLayer.string = loremIpsum
        }
    }

    /// Listing 6.3, figure 6.4: the same text as an attributed string, black
    /// Helvetica at 15 points, with "ipsum" red and underlined.
    static var richText: GallerySection {
        GallerySection(name: "rich-text", caption: "CATextLayer rich text", width: 280, height: 330) { view in
            let labelView = galleryView(CGRect(x: 30, y: 30, width: 220, height: 270), in: view)
            // create a text layer
            let textLayer = CATextLayer()
            textLayer.frame = labelView.bounds
            textLayer.contentsScale = 1 // [UIScreen mainScreen].scale: the canvas has one pixel per point
            labelView.addSublayer(textLayer)
            // set text attributes
            textLayer.alignmentMode = .justified
            textLayer.isWrapped = true
            // create attributed string
            let string = NSMutableAttributedString(string: loremIpsum)
            // convert UIFont to a CTFont
            let fontRef = CTFontCreateWithName("Helvetica", 15, nil)
            // set text attributes
            var attribs: [NSAttributedString.Key: Any] = [
                kCTForegroundColorAttributeName: GalleryColor.black, kCTFontAttributeName: fontRef,
            ]
            string.setAttributes(attribs, range: NSRange(location: 0, length: (loremIpsum as NSString).length))
            attribs = [
                kCTForegroundColorAttributeName: GalleryColor.red,
                kCTUnderlineStyleAttributeName: NSNumber(value: kCTUnderlineStyleSingle), kCTFontAttributeName: fontRef,
            ]
            string.setAttributes(attribs, range: NSRange(location: 6, length: 5))
            // set layer text
            textLayer.string = string
        }
    }
}
