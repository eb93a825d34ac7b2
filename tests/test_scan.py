import io

import pytest
from PIL import Image, ImageFilter

from gadget.engine import Deal
from gadget.services.addresses import join_link
from gadget.services.links import ScanError, code_in_text
from gadget.services.scan import code_in_photo
from gadget.views.parts.qr import qr_png

CODE = Deal(seed=0x2A5F00C3E1B, tokens=9, mistakes=5).code


def _photo(png: bytes, angle: float = 0, blur: float = 0) -> bytes:
    """The QR code as a camera might see it: small in a bigger grey frame, turned, soft."""
    code = Image.open(io.BytesIO(png)).convert("L")
    frame = Image.new("L", (code.width * 3, code.height * 3), 200)
    frame.paste(code, (code.width, code.height))
    frame = frame.rotate(angle, fillcolor=200, expand=False).filter(ImageFilter.GaussianBlur(blur))
    out = io.BytesIO()
    frame.convert("RGB").save(out, format="JPEG", quality=80)
    return out.getvalue()


@pytest.mark.parametrize(("angle", "blur"), [(0, 0), (12, 0.8), (-25, 1.2), (180, 0.5)])
def test_a_photo_of_the_join_qr_code_gives_the_code(angle: float, blur: float) -> None:
    png = qr_png(join_link("http://192.168.1.20:8550", CODE))
    assert code_in_photo(_photo(png, angle, blur)) == CODE


def test_a_qr_code_of_the_bare_code_is_read_too() -> None:
    assert code_in_photo(_photo(qr_png(CODE.text))) == CODE


def test_a_picture_without_a_code_says_what_to_do() -> None:
    blank = io.BytesIO()
    Image.new("RGB", (320, 240), "white").save(blank, format="JPEG")
    with pytest.raises(ScanError, match="no QR code in the picture"):
        code_in_photo(blank.getvalue())
    with pytest.raises(ScanError, match="the camera gave no picture"):
        code_in_photo(b"not an image")
    with pytest.raises(ScanError, match="that QR code is not a Gadget game"):
        code_in_photo(_photo(qr_png("https://example.org/menu")))


def test_a_link_with_a_typo_is_not_read_as_another_card() -> None:
    assert code_in_text(f"http://x:8550/join/{CODE.text}/") == CODE
    with pytest.raises(ScanError):
        code_in_text("http://x:8550/join/" + CODE.text[:-1] + "0")
