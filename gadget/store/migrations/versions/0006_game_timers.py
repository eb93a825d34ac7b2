"""Each game's turn timer is kept in the database, not in one server process's memory:
several processes serve one table, and a restart keeps the stretch under way.

Revision ID: 0006
Revises: 0005

No timer is carried over: a game without a row is timed from the moment a phone next looks,
as a restarted server did before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_timers",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("enabled", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("clue_seconds", sa.Integer(), nullable=False, server_default="120"),
        sa.Column("guess_seconds", sa.Integer(), nullable=False, server_default="120"),
        sa.Column("stretch", sa.String(), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("started_at", sa.Float(), nullable=False, server_default="0"),
        sa.Column("paused_left", sa.Float(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("game_timers")
