// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestToken} from "./TestToken.sol";

/// A TestToken whose `approve` behaves as USDT's on Ethereum mainnet: an allowance changes from one
/// non-zero value to another only through zero, and the revert carries no reason (as USDT's).
/// `setFrozen` stands in for an issuer's blocklist: a frozen owner's approve reverts whatever the
/// amount. Anyone may freeze: it exists only on the local chain.
contract StrictApproveToken is TestToken {
    mapping(address => bool) public frozen;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) TestToken(name_, symbol_, decimals_) {}

    function setFrozen(address account, bool value) external {
        frozen[account] = value;
    }

    function approve(address spender, uint256 amount) public override returns (bool) {
        require(!frozen[msg.sender]);
        require(amount == 0 || allowance[msg.sender][spender] == 0);
        return super.approve(spender, amount);
    }
}
