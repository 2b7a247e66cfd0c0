import CSDL2
import Foundation
import SwellRender

/// An SDL2 window showing rendered frames: a window, a renderer and a
/// streaming texture the frames are copied into.
///
/// Frames are Cairo's premultiplied ARGB32 words, which are SDL's
/// `SDL_PIXELFORMAT_ARGB8888`, so a frame goes into the texture as it is.
/// An accelerated renderer that waits for the display's vertical blank is
/// asked for first when the machine has a GPU (a DRM device in /dev/dri);
/// without one — a container, Xvfb — Mesa's GL would rasterise on the CPU
/// too, slower than SDL's own software renderer, which is then the one
/// used. The software renderer has no vertical blank to wait for, and its
/// frames are paced by ``RefreshPacer``'s precise timer (SDL's imitation of
/// vertical sync sleeps in whole milliseconds, and is turned off). The
/// texture is drawn 1:1, centred, when
/// the frame is rendered at the window's size (``LetterboxFit``), the rest
/// of the window black.
///
/// SDL's video calls belong to the thread that created the window; its
/// own signal handlers are turned off, so Ctrl-C stays the program's.
public final class SceneWindow {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    /// The display's refresh rate in hertz: the display mode's, else 60.
    public let refreshRate: Double
    /// Whether presenting a frame waits for the display's vertical blank.
    public let hasVSync: Bool
    /// SDL's name for the renderer: `software`, `opengl`, `opengles2`…
    public let rendererName: String
    /// The title bar's text.
    public var title: String {
        didSet { if title != oldValue { SDL_SetWindowTitle(window, title) } }
    }

    /// Opens a resizable window whose drawable area is `width`×`height`
    /// pixels. Throws when there is no display to open it on.
    public init(title: String, width: Int, height: Int) throws(SDLError) {
        let environment = ProcessInfo.processInfo.environment
        let x11 = environment["DISPLAY"].map { !$0.isEmpty } ?? false
        let wayland = environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        guard x11 || wayland else { throw SDLError(plain: "neither DISPLAY nor WAYLAND_DISPLAY is set") }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // The one kind of display named; SDL would try the other too, and
        // Wayland's library prints its own complaint when there is none.
        if x11 != wayland { SDL_SetHint(SDL_HINT_VIDEODRIVER, x11 ? "x11" : "wayland") }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL could not start its video") }
        // Unless the user chose a driver, only a display will do: SDL falls
        // back to drivers that show nothing (offscreen) when the X server
        // or compositor named is not there.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        guard environment["SDL_VIDEODRIVER"] != nil || driver == "x11" || driver == "wayland" else {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            let named = [("DISPLAY", environment["DISPLAY"]), ("WAYLAND_DISPLAY", environment["WAYLAND_DISPLAY"])]
                .compactMap { name, value in value.flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } }
            throw SDLError(plain: "no X11 or Wayland display answers at \(named.joined(separator: " or "))")
        }
        let position = swell_sdl_windowpos_undefined()
        guard let window = SDL_CreateWindow(title, position, position, Int32(width), Int32(height),
                                            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            let error = SDLError("SDL could not open a window")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        let accelerated = Self.hasGPU
            ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            : nil
        if accelerated == nil {
            SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
            // The software renderer draws into the window's surface, which
            // SDL would back with a GL texture — Mesa's CPU rasteriser
            // again — rather than X11's shared-memory image.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        guard let renderer = accelerated ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let error = SDLError("SDL could not draw in the window")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        self.window = window
        self.renderer = renderer
        self.title = title
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // The software renderer may report vertical sync it does not do.
        hasVSync = info.flags & SDL_RENDERER_SOFTWARE.rawValue == 0
            && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        rendererName = String(cString: info.name)
        var mode = SDL_DisplayMode()
        let known = SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0
        refreshRate = known ? Double(mode.refresh_rate) : 60
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// Whether a DRM device exists for a GL driver to render on.
    private static var hasGPU: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("card") }
    }

    /// The drawable area in pixels.
    public var drawableSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return (Int(width), Int(height))
    }

    /// The events since the last call, in order.
    public func pollEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch event.type {
            case SDL_QUIT.rawValue:
                events.append(.quit)
            case SDL_KEYDOWN.rawValue:
                switch event.key.keysym.sym {
                case Int32(SDLK_SPACE.rawValue) where event.key.repeat == 0: events.append(.togglePause)
                case Int32(SDLK_LEFT.rawValue): events.append(.step(forward: false))
                case Int32(SDLK_RIGHT.rawValue): events.append(.step(forward: true))
                case Int32(SDLK_s.rawValue) where event.key.repeat == 0: events.append(.saveFrame)
                case Int32(SDLK_q.rawValue): events.append(.quit)
                default: break
                }
            case SDL_WINDOWEVENT.rawValue:
                switch UInt32(event.window.event) {
                case SDL_WINDOWEVENT_CLOSE.rawValue: events.append(.quit)
                case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                    let size = drawableSize
                    events.append(.resized(width: size.width, height: size.height))
                default: break
                }
            default: break
            }
        }
        return events
    }

    /// Shows `frame` in `placement` (pixels of the drawable), black around
    /// it. With vertical sync this returns at the display's next refresh.
    public func present(_ frame: Frame, in placement: LetterboxFit) {
        if texture == nil || textureSize != (frame.width, frame.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frame.width), Int32(frame.height))
            // Premultiplied pixels copied as they are are the frame over
            // black, what the letterbox shows around it.
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            textureSize = (frame.width, frame.height)
        }
        frame.withUnsafePixels { pixels in
            _ = SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(frame.width * 4))
        }
        let drawable = drawableSize
        if (placement.width, placement.height) != drawable {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
            SDL_RenderClear(renderer)
        }
        var destination = SDL_Rect(x: Int32(placement.x), y: Int32(placement.y),
                                   w: Int32(placement.width), h: Int32(placement.height))
        SDL_RenderCopy(renderer, texture, nil, &destination)
        SDL_RenderPresent(renderer)
    }
}
