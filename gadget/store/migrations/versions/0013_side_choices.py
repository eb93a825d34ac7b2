"""The word a side chose to touch, played apart: every phone of the side shows it, and any
of them confirms it (the game of more than two).

Revision ID: 0013
Revises: 0012

A new table; nothing is carried over.
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "side_choices",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("side", sa.String(), primary_key=True),
        sa.Column("cell", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("side_choices")
