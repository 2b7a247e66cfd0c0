import SwellCommands

// `swell`: every command, with the libraries of sound, files, devices and
// control; a command that draws or encodes pictures is run by the drawing
// helper beside it, named by the DrawingHelper plugin.
Swell.start(drawing: .helper(named: drawingHelperName))
