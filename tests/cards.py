"""A key card laid out by hand so rule tests can name cells by what they are on each side."""

from gadget.engine import KeyCard

#        cells:  0-2 GG, 3 GX, 4-8 G-, 9 XG, 10 XX, 11 X-, 12-16 -G, 17 -X, 18-24 --
TEST_CARD = KeyCard(
    a="GGGGGGGGGXXX-------------",
    b="GGGX-----GX-GGGGGX-------",
)
GREEN_BOTH = (0, 1, 2)
GREEN_A_BLACK_B = 3
GREEN_A_TAN_B = (4, 5, 6, 7, 8)
BLACK_A_GREEN_B = 9
BLACK_BOTH = 10
BLACK_A_TAN_B = 11
TAN_A_GREEN_B = (12, 13, 14, 15, 16)
TAN_A_BLACK_B = 17
TAN_BOTH = (18, 19, 20, 21, 22, 23, 24)
GREEN_ON_A = (*GREEN_BOTH, GREEN_A_BLACK_B, *GREEN_A_TAN_B)
GREEN_ON_B = (*GREEN_BOTH, BLACK_A_GREEN_B, *TAN_A_GREEN_B)
