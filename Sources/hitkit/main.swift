print("hitkit")
