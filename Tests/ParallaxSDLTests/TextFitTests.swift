import ParallaxEngine
import ParallaxScenes
import Testing
@testable import ParallaxSDL

extension SDLTests {
    @Suite struct TextFitTests {
        /// Every scene's text laid out at sizes from 480x360 to 2560x1600 and measured with the real
        /// font (the canvas's own `TextCache`, which draws it): each run fits its container (its clip,
        /// else the window) across and inside the window; down too where the container is a box smaller
        /// than the window (a feed caption, the pager's text band, the refresh gap); and no text of the
        /// pager reaches its page dots. Scenes at rest, the pager on each page, the header in both modes.
        @Test(arguments: [Size(width: 480, height: 360), Size(width: 800, height: 500), Size(width: 1280, height: 800),
                          Size(width: 1920, height: 1080), Size(width: 2560, height: 1600)])
        func everyScenesTextFitsItsContainers(size: Size) throws {
            let canvas = try headlessCanvas(size)
            let screen = Rect(origin: .zero, size: size)
            func check(_ playground: Playground, _ state: String) {
                var list = DisplayList()
                playground.draw(into: &list)
                #expect(!list.textRuns.isEmpty)
                let dots = list.commands.compactMap { command -> Rect? in
                    guard case let .disc(d) = command, playground.name == "pager", d.radius == ContentScale(viewport: size).scaled(5) else { return nil }
                    return Rect(x: d.center.x - d.radius, y: d.center.y - d.radius, width: 2 * d.radius, height: 2 * d.radius)
                }
                for run in list.textRuns {
                    // The renderer draws a run at its rounded origin, its texture's size.
                    let box = Rect(origin: Point(x: run.origin.x.rounded(), y: run.origin.y.rounded()), size: canvas.text.size(of: run.text, font: run.font))
                    let container = run.clip ?? screen
                    let where_ = "\(playground.name) \(state) at \(Int(size.width))x\(Int(size.height)): '\(run.text)' \(box) in \(container)"
                    #expect(box.minX >= max(0, container.minX) - 0.5 && box.maxX <= min(size.width, container.maxX) + 0.5, "across: \(where_)")
                    if container.height < size.height {
                        #expect(box.minY >= container.minY - 0.5 && box.maxY <= container.maxY + 0.5, "down: \(where_)")
                    }
                    for dot in dots { #expect(box.intersection(dot) == nil, "on a page dot: \(where_)") }
                }
            }
            for name in SceneRegistry.standard.names {
                let playground = try #require(SceneRegistry.standard.make(name, viewport: size, environment: canvas.environment))
                playground.update(to: 0)
                check(playground, "at rest")
                switch name {
                case "pager":
                    for page in 1..<PagerContent.pages.count {
                        playground.handle(.key(.right, shift: false), at: Double(page))
                        playground.update(to: Double(page) + 0.9)
                        check(playground, "on page \(page)")
                    }
                case "header":
                    // Pull-to-refresh: a longer line under the byline, and the spinner's label in the gap.
                    playground.handle(.key(.r, shift: false), at: 1)
                    playground.handle(.mouseDown(Point(x: size.width / 2, y: 100)), at: 1.1)
                    playground.handle(.mouseMove(Point(x: size.width / 2, y: 400)), at: 1.2)
                    playground.update(to: 1.2)
                    check(playground, "pulled for a refresh")
                default:
                    break
                }
            }
        }
    }
}
