"""The served page's opening, made to survive a dropped connection: Flutter's loader asks for
each of its files once, and a phone whose network dropped (or whose server restarted) in the
first moments of opening kept Flet's splash for good, until the player reloaded by hand.
Until Flutter's first frame, a file lost to the network has the page ask its server every
2 s and load again once it answers; a file the server refuses (Rive's, a 404 by design) is
no loss. After the first frame, Flet's own reconnection takes over."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Final

from gadget.engine import GadgetError

INDEX: Final = "index.html"
BEFORE: Final = b'<script src="python.js"></script>'  # the watch goes in before Flet's scripts
MADE_BY: Final = "opening-1"  # what this module does to the page: a new one is made again

WATCH: Final = b"""<script>
    // Gadget (gadget/serve/opening.py): until the first frame, a file lost to the network
    // has the page ask its server every 2 s, and load again once it answers.
    (function () {
      var drawn = false, waiting = false, plain = window.fetch.bind(window);
      addEventListener("flutter-first-frame", function () { drawn = true; }, { once: true });
      function lost() {
        if (drawn || waiting) return;
        waiting = true;
        (function ask() {
          if (drawn) return;
          plain(location.href, { cache: "no-store" }).then(
            function (answer) {
              if (!answer.ok) setTimeout(ask, 2000);
              else if (!drawn) location.reload();
            },
            function () { setTimeout(ask, 2000); });
        })();
      }
      function check(file) {  // lost only if the file cannot be reached now: a 404 is an answer
        if (!drawn) plain(file, { method: "HEAD", cache: "no-store" }).then(function () {}, lost);
      }
      window.fetch = function () {
        return plain.apply(null, arguments).catch(function (error) {
          if (!drawn) lost();
          throw error;
        });
      };
      addEventListener("error", function (event) {
        var target = event.target || {};
        if (target.src || target.href) check(target.src || target.href);
      }, true);
      addEventListener("unhandledrejection", function (event) {
        var said = String((event.reason && event.reason.message) || event.reason);
        var file = said.match(/https?:[/][/][^\\s'"]+/);
        if (file) check(file[0]);
      });
    })();
  </script>
  """


class OpeningError(GadgetError):
    """Flet's page is not the one this module knows how to change."""


def watched(index: bytes) -> bytes:
    """Flet's page with the watch before its scripts; a page without Flet's script tag (another
    Flet) is refused, so that the new page is looked at."""
    if index.count(BEFORE) != 1:
        raise OpeningError(
            "Flet's {index} has no single python.js script: look at it again", index=INDEX
        )
    return index.replace(BEFORE, WATCH + BEFORE)


def served_assets(web: Path, assets: Path, cache: Path) -> Path:
    """Gadget's assets (`assets`) with Flet's page (from its web folder `web`) watched, made
    once in the folder `cache` under a name that is theirs (Flet serves a page found among the
    assets in place of its own)."""
    sources = sorted(p for p in assets.rglob("*") if p.is_file())
    stamp = hashlib.sha256(
        b"|".join(
            [
                MADE_BY.encode(),
                (web / INDEX).read_bytes(),
                *(f"{p.relative_to(assets)}:".encode() + p.read_bytes() for p in sources),
            ]
        )
    ).hexdigest()[:16]
    folder = cache / f"assets-{stamp}"
    if (folder / INDEX).is_file():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"assets-{stamp}-", dir=cache))
    for source in sources:
        copy = staging / source.relative_to(assets)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
    (staging / INDEX).write_bytes(watched((web / INDEX).read_bytes()))  # the last file made
    try:
        staging.rename(folder)  # whole or not at all: another process may make it meanwhile
    except OSError:  # another process made it first
        shutil.rmtree(staging, ignore_errors=True)
    return folder
