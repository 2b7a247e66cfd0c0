import SwellCommands
import SwellScenes

// `swell-draw`: every command of `swell`, with the drawing libraries
// (Cairo, Pango, FFmpeg, SDL2); `swell` runs it for the commands that draw.
Swell.start(drawing: .linked(SceneDrawingLibraries()))
