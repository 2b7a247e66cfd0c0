// LayerGallery — the figures of the long CALayer guide ("IOS SDK详解之CALayer"
// and the chapters of iOS Core Animation: Advanced Techniques it
// translates), re-created from its listings as layer trees and drawn by
// SwellRender: one PNG per section, and a contact sheet of them all.
//
//     swift run LayerGallery out/
//
// writes out/<section>.png, out/contact-sheet.png and out/emitter-fire.gif
// (the fire in motion), and prints one line per file: its name and size in
// pixels.
import Foundation
import SwellCore
import SwellRender

/// The sections in the guide's order.
let sections: [GallerySection] = [
    .contentsGravity, .contentsRect, .contentsCenter, .customDrawing,
    .anchorPointClock, .zPosition,
    .corners, .borders, .shadows, .shadowClipping, .shadowPath, .masks, .magnificationFilters, .groupOpacity,
    .affineTransforms, .shear, .perspective, .sublayerTransform, .backFaces, .flattening, .litCube,
    .stickFigure, .roundedCorners, .text, .richText, .transformLayerCubes,
    .gradient, .gradientLocations, .replicator, .reflection, .scrollLayer, .tiledLayer, .emitterFire,
]

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("LayerGallery: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let directory = arguments.first, !directory.hasPrefix("-") else {
    fail("usage: LayerGallery <output-directory>", status: 2)
}
let output = URL(fileURLWithPath: directory, isDirectory: true)
do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(directory): \(error.localizedDescription)", status: 2)
}

let renderer = Renderer()
func write(_ frame: Frame, as name: String) {
    do {
        try frame.writePNG(to: output.appendingPathComponent("\(name).png").path)
    } catch {
        fail("\(error)", status: 1)
    }
    print("\(name).png \(frame.width)x\(frame.height)")
}
for section in sections {
    write(section.render(renderer: renderer), as: section.name)
}
do {
    write(try ContactSheet.render(sections, from: output, renderer: renderer), as: "contact-sheet")
    // The fire lit: its first four seconds, as the particles are born.
    try GallerySection.emitterFire.writeGIF(to: output.appendingPathComponent("emitter-fire.gif").path, through: 4,
                                            renderer: renderer)
    print("emitter-fire.gif 320x320")
} catch {
    fail("\(error)", status: 1)
}
