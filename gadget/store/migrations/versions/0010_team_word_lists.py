"""A team keeps its own lists of words to deal games from: one row a list, its words one a
line, its name one of the team's (under Unicode case folding, as team names are).

Revision ID: 0010
Revises: 0009

Nothing is carried over: no team kept a list before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "team_word_lists",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("team_id", sa.Integer(), sa.ForeignKey("teams.id"), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("words", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("team_id", "name_key"),
    )
    op.create_index("ix_team_word_lists_team_id", "team_word_lists", ["team_id"])


def downgrade() -> None:
    op.drop_table("team_word_lists")
