// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20, SafeTransfer} from "./IERC20.sol";

/// One-time deposit address of one payment. Deployed by its pool with CREATE2 (salt = paymentRef)
/// only when swept; it takes no constructor arguments so that its init code hash is one constant
/// and anyone can re-derive the address from the pool and the paymentRef.
contract Forwarder {
    address public immutable pool;

    constructor() {
        pool = msg.sender;
    }

    function flush(address token) external returns (uint256 amount) {
        require(msg.sender == pool, "Forwarder: only pool");
        amount = IERC20(token).balanceOf(address(this));
        if (amount > 0) SafeTransfer.safeTransfer(token, pool, amount);
    }
}
