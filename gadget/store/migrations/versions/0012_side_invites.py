"""Invites to a side: a phone of a side makes a link that adds other phones to its side, so
that every player of the game for more than two holds a phone of their side.

Revision ID: 0012
Revises: 0011

A new table; nothing is carried over.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "side_invites",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("secret_hash", sa.String(), nullable=False, unique=True),
        sa.Column("uses_left", sa.Integer(), nullable=False),
        sa.Column("made_by", sa.String(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_side_invites_game_id", "side_invites", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_side_invites_game_id", "side_invites")
    op.drop_table("side_invites")
