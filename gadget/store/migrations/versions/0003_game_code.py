"""Games are found by their share code, so a phone that types or scans it joins the game.

Revision ID: 0003
Revises: 0002
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("code", sa.String(), nullable=True))
    op.create_index("ix_games_code", "games", ["code"])
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, log FROM games")).fetchall()
    for game_id, log in rows:
        code = json.loads(log).get("code")
        if code:
            connection.execute(
                sa.text("UPDATE games SET code = :code WHERE id = :id"),
                {"code": code, "id": game_id},
            )


def downgrade() -> None:
    op.drop_index("ix_games_code", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("code")
