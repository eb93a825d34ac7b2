"""A game is found by side B's colours, not by its share code's text: a code carries side B
and the bank (never the seed), and a code edited to carry another bank names the same game.

Revision ID: 0008
Revises: 0007

Every game keeps its code; its side B is read from its log's key.
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("side_b", sa.String(), nullable=True))
    op.create_index("ix_games_side_b", "games", ["side_b"])
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, log FROM games")).fetchall()
    for game_id, log in rows:
        side_b = json.loads(log).get("key", {}).get("b")
        if side_b:
            connection.execute(
                sa.text("UPDATE games SET side_b = :side_b WHERE id = :id"),
                {"side_b": side_b, "id": game_id},
            )


def downgrade() -> None:
    op.drop_index("ix_games_side_b", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("side_b")
