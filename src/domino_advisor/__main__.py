from domino_advisor.cli.app import main

main(prog_name="domino-advisor")
