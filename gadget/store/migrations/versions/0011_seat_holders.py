"""A side of a game is held by a set of holders: one phone a side today, and soon several
phones of one side, or the app itself playing a side. Each holder has its place among its
side's holders (`slot`) and its kind (`phone` or `app`); a holder still holds one side of a
game at most.

Revision ID: 0011
Revises: 0010

Every seat is carried over as its side's first phone.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_holders",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("phone", sa.String(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "side", "slot"),
        sa.UniqueConstraint("game_id", "phone"),
    )
    op.create_index("ix_seat_holders_phone", "seat_holders", ["phone"])
    op.execute(
        "INSERT INTO seat_holders (id, game_id, side, slot, kind, phone, taken_at)"
        " SELECT id, game_id, side, 0, 'phone', phone, taken_at FROM seats"
    )
    if op.get_bind().dialect.name == "postgresql":  # the ids go on from the copied ones
        op.execute(
            "SELECT setval(pg_get_serial_sequence('seat_holders', 'id'),"
            " COALESCE((SELECT MAX(id) FROM seat_holders), 0) + 1, false)"
        )
    op.drop_index("ix_seats_phone", "seats")
    op.drop_table("seats")


def downgrade() -> None:
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("phone", sa.String(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "side"),
        sa.UniqueConstraint("game_id", "phone"),
    )
    op.create_index("ix_seats_phone", "seats", ["phone"])
    op.execute(  # one phone a side: each side's first
        "INSERT INTO seats (game_id, side, phone, taken_at)"
        " SELECT game_id, side, phone, taken_at FROM seat_holders"
        " WHERE kind = 'phone' AND slot = 0"
    )
    op.drop_index("ix_seat_holders_phone", "seat_holders")
    op.drop_table("seat_holders")
