import Foundation
import CCairo
import CJPEGDecoder
import SwellCore

/// Why an image file could not be read.
public struct ImageFileError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot read image \(path): \(reason)" }
}

extension CGImage {
    /// The image in a PNG (read by Cairo) or JPEG (read by libjpeg) file,
    /// told apart by their signatures, as premultiplied RGBA8 — what
    /// `contents` takes (docs/layers.md#calayer). A missing, unreadable or
    /// undecodable file throws one ``ImageFileError`` naming the file and
    /// why.
    public init(contentsOfFile path: String) throws(ImageFileError) {
        // open(2) says why a file cannot be read ("No such file or directory").
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ImageFileError(path: path, reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // A directory opens but cannot be read, and Foundation's error for
        // that does not say why.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ImageFileError(path: path, reason: "is a directory")
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw ImageFileError(path: path, reason: error.localizedDescription)
        }
        try self.init(data: data, name: path)
    }

    /// The image in the bytes of a PNG or JPEG file — an image embedded in
    /// a document, such as a Lottie file's — told apart by their
    /// signatures; `name` names them in the error.
    public init(data: Data, name: String) throws(ImageFileError) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = try Self.png(data, name: name)
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = try Self.jpeg(data, path: name)
        } else {
            throw ImageFileError(path: name, reason: "neither PNG nor JPEG")
        }
    }

    /// Cairo's PNG reader, fed the bytes.
    private static func png(_ data: Data, name path: String) throws(ImageFileError) -> CGImage {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(Array(data))
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    buffer.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageFileError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        let bytes = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = bytes.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                // ARGB32 words, premultiplied; RGB24 words are opaque.
                let word = row[x]
                let i = (y * width + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: word >> 16)
                pixels[i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                pixels[i + 2] = UInt8(truncatingIfNeeded: word)
                pixels[i + 3] = format == CAIRO_FORMAT_ARGB32 ? UInt8(truncatingIfNeeded: word >> 24) : 255
            }
        }
        return CGImage(width: width, height: height, pixels: pixels)!
    }

    private static func jpeg(_ data: Data, path: String) throws(ImageFileError) -> CGImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBytes { bytes in
            swell_jpeg_decode(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &pixels,
                              &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw ImageFileError(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                            as: UTF8.self))
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        return CGImage(width: Int(width), height: Int(height),
                       pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))!
    }
}
