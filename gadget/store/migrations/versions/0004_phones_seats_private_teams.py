"""Seats held by phones, take-over requests, teams private to their phones, names unique under
Unicode case folding, unguessable game addresses, and the map each game was played on.

Revision ID: 0004
Revises: 0003

Nothing is dropped but the old lower(name) index: two team names that only Unicode case
folding makes equal ("Équipe", "ÉQUIPE") both stay, the later one renamed "ÉQUIPE (2)".
"""

import json
import secrets
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    # The rule of gadget.missions.names.name_key, copied: a migration must not change meaning
    # when the code it was written beside changes later.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _mission_ids(data: str) -> set[str]:
    try:
        return {str(m.get("id")) for m in json.loads(data).get("missions", [])}
    except (ValueError, AttributeError):
        return set()


def upgrade() -> None:
    connection = op.get_bind()
    with op.batch_alter_table("teams") as teams:
        teams.add_column(sa.Column("name_key", sa.String(), nullable=True))
        teams.add_column(sa.Column("invite", sa.String(), nullable=True))
    taken: set[str] = set()
    for team_id, name in connection.execute(sa.text("SELECT id, name FROM teams ORDER BY id")):
        unique, number = name, 2
        while _key(unique) in taken:
            unique, number = f"{name} ({number})", number + 1
        taken.add(_key(unique))
        connection.execute(
            sa.text(
                "UPDATE teams SET name = :name, name_key = :key, invite = :invite WHERE id = :id"
            ),
            {
                "name": unique,
                "key": _key(unique),
                "invite": secrets.token_urlsafe(16),
                "id": team_id,
            },
        )
    op.drop_index("ix_teams_name_lower", "teams")
    with op.batch_alter_table("teams") as teams:
        teams.alter_column("name_key", existing_type=sa.String(), nullable=False)
        teams.alter_column("invite", existing_type=sa.String(), nullable=False)
        teams.create_unique_constraint("uq_teams_name_key", ["name_key"])
        teams.create_unique_constraint("uq_teams_invite", ["invite"])

    # A map used by exactly one team is that team's own; the shipped map and shared ones
    # belong to none.
    with op.batch_alter_table("maps") as maps_table:
        maps_table.add_column(sa.Column("team_id", sa.Integer(), nullable=True))
    users: dict[int, list[int]] = {}
    for team_id, map_id in connection.execute(sa.text("SELECT id, map_id FROM teams")):
        users.setdefault(map_id, []).append(team_id)
    for map_id, teams_on_it in users.items():
        if len(teams_on_it) == 1:
            connection.execute(
                sa.text("UPDATE maps SET team_id = :team WHERE id = :id"),
                {"team": teams_on_it[0], "id": map_id},
            )

    maps = {
        map_id: _mission_ids(data)
        for map_id, data in connection.execute(sa.text("SELECT id, data FROM maps"))
    }
    team_maps: dict[int, int] = dict(
        connection.execute(sa.text("SELECT id, map_id FROM teams")).fetchall()
    )

    def played_on(team_id: int | None, mission_id: str | None) -> int | None:
        """The team's map when it has the mission, else the newest map that has it."""
        if mission_id is None:
            return None
        if team_id in team_maps and mission_id in maps.get(team_maps[team_id], set()):
            return int(team_maps[team_id])
        having = [map_id for map_id, ids in maps.items() if mission_id in ids]
        return max(having) if having else None

    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("public_id", sa.String(), nullable=True))
        games.add_column(sa.Column("map_id", sa.Integer(), nullable=True))
    for game_id, team_id, mission_id in connection.execute(
        sa.text("SELECT id, team_id, mission_id FROM games")
    ).fetchall():
        connection.execute(
            sa.text("UPDATE games SET public_id = :public, map_id = :map WHERE id = :id"),
            {
                "public": secrets.token_urlsafe(16),
                "map": played_on(team_id, mission_id),
                "id": game_id,
            },
        )
    with op.batch_alter_table("games") as games:
        games.alter_column("public_id", existing_type=sa.String(), nullable=False)
        games.create_unique_constraint("uq_games_public_id", ["public_id"])
        games.create_foreign_key("fk_games_map_id", "maps", ["map_id"], ["id"])

    with op.batch_alter_table("attempts") as attempts:
        attempts.add_column(sa.Column("map_id", sa.Integer(), nullable=True))
    for attempt_id, team_id, mission_id in connection.execute(
        sa.text("SELECT id, team_id, mission_id FROM attempts")
    ).fetchall():
        connection.execute(
            sa.text("UPDATE attempts SET map_id = :map WHERE id = :id"),
            {"map": played_on(team_id, mission_id), "id": attempt_id},
        )
    with op.batch_alter_table("attempts") as attempts:
        attempts.create_foreign_key("fk_attempts_map_id", "maps", ["map_id"], ["id"])

    op.create_table(
        "team_members",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("team_id", sa.Integer(), sa.ForeignKey("teams.id"), nullable=False),
        sa.Column("phone", sa.String(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("team_id", "phone"),
    )
    op.create_index("ix_team_members_phone", "team_members", ["phone"])
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
    op.create_table(
        "seat_requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("phone", sa.String(), nullable=False),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.String(), nullable=True),
        sa.Column("answered_by", sa.String(), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_seat_requests_game_id", "seat_requests", ["game_id"])


def downgrade() -> None:
    with op.batch_alter_table("maps") as maps_table:
        maps_table.drop_column("team_id")
    op.drop_table("seat_requests")
    op.drop_table("seats")
    op.drop_table("team_members")
    with op.batch_alter_table("attempts") as attempts:
        attempts.drop_constraint("fk_attempts_map_id", type_="foreignkey")
        attempts.drop_column("map_id")
    with op.batch_alter_table("games") as games:
        games.drop_constraint("fk_games_map_id", type_="foreignkey")
        games.drop_constraint("uq_games_public_id", type_="unique")
        games.drop_column("map_id")
        games.drop_column("public_id")
    with op.batch_alter_table("teams") as teams:
        teams.drop_constraint("uq_teams_invite", type_="unique")
        teams.drop_constraint("uq_teams_name_key", type_="unique")
        teams.drop_column("invite")
        teams.drop_column("name_key")
    op.create_index("ix_teams_name_lower", "teams", [sa.text("lower(name)")], unique=True)
