// AppTesting drives a DragKit app executable the way a person would, for the
// apps' end-to-end tests: real windows under Xvfb, real pointer drags, and
// the app's own --export-json and --dump-layout to judge what happened.
// Importing it brings DesktopTesting (Pointer, Keyboard, ScreenWindow,
// AppProcess) and AppSupport's LayoutRect.
@_exported import AppSupport
@_exported import DesktopTesting
