"""The floor for tap-to-screen: a Flet app whose one button changes one text, served the way
Gadget is. No app answers a tap sooner in the same browser on the same machine, so a screen's
time over this one's, in one run and under one load, is what the app itself adds."""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    taps = ft.Text("Tapped 0 times")
    count = [0]

    def tap(_event: object) -> None:
        count[0] += 1
        taps.value = f"Tapped {count[0]} times"
        page.update()

    page.add(ft.Button("Tap", on_click=tap), taps)


if __name__ == "__main__":
    ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
