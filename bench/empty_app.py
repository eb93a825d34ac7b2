"""An empty Flet app served the way Gadget is: the baseline for the first-frame benchmark."""

import sys

import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("Hello"))


if __name__ == "__main__":
    ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER, no_cdn=True)
